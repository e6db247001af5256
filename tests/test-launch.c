/* test-launch.c — launch code: every template on every offer of its platform, checked as the
 * language it is written in, and each with the offer's fields where they belong
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "gp-catalog.h"
#include "gp-comparison.h"
#include "gp-launch.h"

#include <json-glib/json-glib.h>

static GpCatalog *
launch_catalog (void)
{
  static GpCatalog *catalog;

  if (catalog == NULL)
    {
      g_autofree char *path =
          g_test_build_filename (G_TEST_DIST, "fixtures", "launch-catalog.json", NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;

      catalog = gp_catalog_new_bundled ();
      gp_catalog_add_layer_from_file (catalog, file, GP_CATALOG_LAYER_EXTRA, &error);
      g_assert_no_error (error);
    }
  return catalog;
}

static GpOffer *
offer (const char *id)
{
  GpInstance *instance = gp_catalog_find_instance (launch_catalog (), id);
  g_autoptr(GpOffer) first = NULL;

  g_assert_nonnull (instance);
  first = g_list_model_get_item (gp_instance_get_offers (instance), 0);
  return first; /* the instance keeps it */
}

static GpLaunchSnippet *
render (const char *id,
        const char *format,
        gboolean    spot)
{
  g_autoptr(GError) error = NULL;
  GpLaunchSnippet *snippet =
      gp_launch_render (gp_launch_data_get_default (), offer (id), format, spot, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (snippet);
  return snippet;
}

/* Runs @argv on @text saved as a file, and says whether it accepted it. */
static gboolean
accepted (const char *text,
          const char *suffix,
          const char *check)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *command = NULL;
  g_autofree char *err = NULL;
  int fd = g_file_open_tmp ("gp-launch-XXXXXX", &path, &error);
  int status = -1;

  g_assert_no_error (error);
  close (fd);
  {
    g_autofree char *named = g_strconcat (path, suffix, NULL);

    g_assert_true (g_file_set_contents (named, text, -1, &error));
    g_autoptr(GString) line = g_string_new (check);

    g_string_replace (line, "FILE", named, 0);
    command = g_strdup (line->str);
    g_spawn_command_line_sync (command, NULL, &err, &status, &error);
    g_assert_no_error (error);
    if (status != 0)
      g_test_message ("%s: %s", command, err);
    g_remove (named);
  }
  g_remove (path);
  return g_spawn_check_wait_status (status, NULL);
}

static void
assert_valid (GpLaunchSnippet *snippet)
{
  if (g_str_equal (snippet->language, "python"))
    g_assert_true (accepted (snippet->text, ".py", "python3 -m py_compile FILE"));
  else if (g_str_equal (snippet->language, "yaml"))
    g_assert_true (
        accepted (snippet->text, ".yaml",
                  "python3 -c \"import sys, yaml; yaml.safe_load(open(sys.argv[1]))\" FILE"));
  else if (g_str_equal (snippet->language, "shell"))
    g_assert_true (accepted (snippet->text, ".sh", "bash -n FILE"));
}

/* Every template of every platform renders for each of its offers, on demand and on spot where
 * the platform has spot: no field left unfilled, and the code parses as what it is. */
static void
test_every_offer (void)
{
  GListModel *instances = gp_catalog_get_instances (launch_catalog ());
  GpLaunchData *data = gp_launch_data_get_default ();
  g_autoptr(GHashTable) checked = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint rendered = 0;

  for (guint i = 0; i < g_list_model_get_n_items (instances); i++)
    {
      g_autoptr(GpInstance) instance = g_list_model_get_item (instances, i);
      g_autoptr(GpOffer) first = g_list_model_get_item (gp_instance_get_offers (instance), 0);
      GpProvider *provider = gp_instance_get_provider (instance);
      g_auto(GStrv) formats = gp_launch_data_dup_formats (data, provider);

      for (guint f = 0; formats[f] != NULL; f++)
        for (int spot = 0; spot <= 1; spot++)
          {
            g_autoptr(GError) error = NULL;
            g_autoptr(GpLaunchSnippet) snippet = NULL;
            g_autofree char *key = NULL;

            if (spot && !(gp_provider_get_pricing (provider) & GP_PRICING_SPOT))
              continue;
            snippet = gp_launch_render (data, first, formats[f], spot, NULL, &error);
            g_assert_no_error (error);
            g_assert_false (g_regex_match_simple ("@[a-z_0-9]+@", snippet->text, 0, 0));
            g_assert_cmpstr (snippet->format, ==, formats[f]);
            g_assert_cmpuint (snippet->sources->len, >, 0);
            rendered++;
            /* Checked once per platform, format and way of paying: spawning is slow. */
            key = g_strdup_printf ("%s %s %d %d", gp_provider_get_id (provider), formats[f], spot,
                                   gp_instance_get_price_basis (instance));
            if (g_hash_table_add (checked, g_steal_pointer (&key)))
              assert_valid (snippet);
          }
    }
  g_assert_cmpuint (rendered, >, 40);
}

static void
test_sagemaker (void)
{
  g_autoptr(GpLaunchSnippet) spot = render ("aws-sagemaker/ml.p3.16xlarge", "auto", TRUE);
  g_autoptr(GpLaunchSnippet) on_demand = render ("aws-sagemaker/ml.p3.16xlarge", NULL, FALSE);

  g_assert_cmpstr (spot->format, ==, "sagemaker");
  g_assert_nonnull (strstr (spot->text, "instance_type=\"ml.p3.16xlarge\""));
  g_assert_nonnull (strstr (spot->text, "instance_count=1,"));
  g_assert_nonnull (strstr (spot->text, "use_spot_instances=True,"));
  g_assert_nonnull (strstr (spot->text, "max_wait=172800,"));
  g_assert_nonnull (strstr (spot->text, "checkpoint_s3_uri=\"s3://MY_BUCKET/checkpoints\""));
  g_assert_nonnull (strstr (on_demand->text, "use_spot_instances=False,"));
  /* The environment, where a dated source says. */
  g_assert_cmpint (spot->containers, ==, 1);
  g_assert_nonnull (strstr (spot->images, "CUDA"));
  g_assert_cmpstr (spot->placeholders[0], ==, "MY_ROLE_ARN");
  g_assert_cmpstr (spot->placeholders[1], ==, "MY_BUCKET");
  g_assert_null (spot->placeholders[2]);
}

static void
test_vertex (void)
{
  g_autoptr(GpLaunchSnippet) mega = render ("vertex-ai/a3-megagpu-8g", NULL, TRUE);
  g_autoptr(GpLaunchSnippet) a100 = render ("vertex-ai/a2-highgpu-1g", NULL, FALSE);

  g_assert_nonnull (strstr (mega->text, "location=\"us-central1\""));
  g_assert_nonnull (strstr (mega->text, "machine_type=\"a3-megagpu-8g\""));
  g_assert_nonnull (strstr (mega->text, "accelerator_type=\"NVIDIA_H100_MEGA_80GB\""));
  g_assert_nonnull (strstr (mega->text, "accelerator_count=8,"));
  g_assert_nonnull (strstr (mega->text, "Scheduling.Strategy.SPOT"));
  g_assert_nonnull (strstr (a100->text, "accelerator_type=\"NVIDIA_TESLA_A100\""));
  g_assert_nonnull (strstr (a100->text, "Scheduling.Strategy.STANDARD"));
  /* Flex-Start, where Vertex AI offers it: the job waits for all its GPUs. */
  {
    g_autoptr(GpLaunchSnippet) flex = render ("vertex-ai/a2-highgpu-1g", "vertex-flex", FALSE);

    g_assert_nonnull (strstr (flex->text, "Scheduling.Strategy.FLEX_START"));
    g_assert_nonnull (strstr (flex->text, "accelerator_type=\"NVIDIA_TESLA_A100\""));
    g_assert_cmpuint (flex->sources->len, ==, 3);
  }
}

static void
test_azureml (void)
{
  g_autoptr(GpLaunchSnippet) low = render ("azure-ml/Standard_NC24ads_A100_v4", NULL, TRUE);
  g_autoptr(GpLaunchSnippet) dedicated =
      render ("azure-ml/Standard_NC24ads_A100_v4", "azureml", FALSE);
  const char *region = gp_offer_get_region_id (offer ("azure-ml/Standard_NC24ads_A100_v4"));
  g_autofree char *location = g_strdup_printf ("location=\"%s\"", region);

  g_assert_cmpstr (low->format, ==, "azureml");
  g_assert_nonnull (strstr (low->text, "size=\"Standard_NC24ads_A100_v4\""));
  g_assert_nonnull (strstr (low->text, location));
  g_assert_nonnull (strstr (low->text, "tier=\"low_priority\""));
  g_assert_nonnull (strstr (dedicated->text, "tier=\"dedicated\""));
  g_assert_nonnull (strstr (low->text, "instance_count=1,"));
}

static void
test_shell (void)
{
  g_autoptr(GpLaunchSnippet) ec2 = render ("aws-ec2/p4d.24xlarge", "shell", TRUE);
  g_autoptr(GpLaunchSnippet) gce = render ("gcp/a2-highgpu-1g", "shell", TRUE);
  g_autoptr(GpLaunchSnippet) n1 = render ("gcp/n1-gpu-t4", "shell", FALSE);
  g_autoptr(GpLaunchSnippet) lambda = render ("lambda/gpu_1x_a100", NULL, FALSE);
  g_autofree char *region =
      g_strdup_printf ("--region %s", gp_offer_get_region_id (offer ("aws-ec2/p4d.24xlarge")));

  g_assert_nonnull (strstr (ec2->text, "--instance-type p4d.24xlarge"));
  g_assert_nonnull (strstr (ec2->text, region));
  g_assert_nonnull (strstr (ec2->text, "--count 1"));
  g_assert_nonnull (strstr (ec2->text, "MarketType=spot"));
  g_assert_nonnull (strstr (gce->text, "--machine-type=a2-highgpu-1g \\"));
  g_assert_nonnull (strstr (gce->text, "--provisioning-model=SPOT"));
  /* The N1 host is the user's to choose; the GPU is attached by its Compute Engine name. */
  g_assert_nonnull (strstr (n1->text, "--machine-type=MY_N1_MACHINE_TYPE"));
  g_assert_nonnull (strstr (n1->text, "--accelerator=type=nvidia-tesla-t4,count=1"));
  g_assert_null (strstr (n1->text, "SPOT"));
  {
    g_autoptr(GpLaunchSnippet) az = render ("azure-ml/Standard_NC24ads_A100_v4", "shell", TRUE);
    g_autofree char *location = g_strdup_printf (
        "--location %s \\", gp_offer_get_region_id (offer ("azure-ml/Standard_NC24ads_A100_v4")));

    g_assert_nonnull (strstr (az->text, "--size Standard_NC24ads_A100_v4 \\"));
    g_assert_nonnull (strstr (az->text, location));
    g_assert_nonnull (strstr (az->text, "--priority Spot"));
  }
  g_assert_cmpstr (lambda->format, ==, "shell");
  g_assert_nonnull (strstr (lambda->text, "\"instance_type_name\": \"gpu_1x_a100\""));
  g_assert_nonnull (strstr (lambda->text, "\"quantity\": 1"));
}

static void
test_skypilot (void)
{
  g_autoptr(GpLaunchSnippet) aws = render ("aws-ec2/p4d.24xlarge", "skypilot", TRUE);
  g_autoptr(GpLaunchSnippet) n1 = render ("gcp/n1-gpu-v100-sxm2-16gb", "skypilot", FALSE);
  g_autofree char *region =
      g_strdup_printf ("region: %s\n", gp_offer_get_region_id (offer ("aws-ec2/p4d.24xlarge")));

  g_assert_cmpstr (aws->language, ==, "yaml");
  g_assert_nonnull (strstr (aws->text, "cloud: aws\n"));
  g_assert_nonnull (strstr (aws->text, region));
  g_assert_nonnull (strstr (aws->text, "instance_type: p4d.24xlarge\n"));
  g_assert_nonnull (strstr (aws->text, "use_spot: true\n"));
  g_assert_nonnull (strstr (aws->text, "num_nodes: 1\n"));
  g_assert_nonnull (strstr (n1->text, "accelerators: V100:1\n"));
  g_assert_nonnull (strstr (n1->text, "use_spot: false\n"));
}

static void
test_colab (void)
{
  g_autoptr(GpLaunchSnippet) colab = render ("colab/t4", NULL, FALSE);

  g_assert_cmpstr (colab->language, ==, "text");
  g_assert_nonnull (strstr (colab->text, "Hardware accelerator: T4 GPU"));
  g_assert_nonnull (strstr (colab->text, "at most 12 hours"));
  /* Colab's runtime lists what it ships; nothing dated says whether containers run there. */
  g_assert_cmpint (colab->containers, ==, -1);
  g_assert_nonnull (strstr (colab->images, "PyTorch"));
}

static gboolean
has_source_of (GpLaunchSnippet *snippet,
               const char      *as_of)
{
  for (guint i = 0; i < snippet->sources->len; i++)
    if (g_strcmp0 (((GpLaunchSource *) g_ptr_array_index (snippet->sources, i))->as_of, as_of) == 0)
      return TRUE;
  return FALSE;
}

/* What the environment says carries its own source and date beside the code's; a platform no
 * dated source speaks for says nothing. */
static void
test_environment (void)
{
  g_autoptr(GpLaunchSnippet) ec2 = render ("aws-ec2/p4d.24xlarge", NULL, FALSE);
  g_autoptr(GpLaunchSnippet) lambda = render ("lambda/gpu_1x_a100", NULL, FALSE);
  int containers;

  g_assert_cmpint (ec2->containers, ==, 1);
  g_assert_nonnull (strstr (ec2->images, "Deep Learning AMI"));
  g_assert_true (has_source_of (ec2, "2026-08-17"));
  g_assert_cmpuint (ec2->sources->len, ==, 2);
  /* The code's source first, then the environment's, marked as such. */
  g_assert_false (((GpLaunchSource *) g_ptr_array_index (ec2->sources, 0))->of_environment);
  g_assert_true (((GpLaunchSource *) g_ptr_array_index (ec2->sources, 1))->of_environment);
  g_assert_cmpint (lambda->containers, ==, -1);
  g_assert_null (lambda->images);
  g_assert_null (gp_launch_data_get_environment (
      gp_launch_data_get_default (), gp_offer_get_provider (offer ("lambda/gpu_1x_a100")),
      &containers));
  g_assert_cmpint (containers, ==, -1);
}

/* Flex-Start waits for capacity instead of being preempted: its template has no spot choice,
 * and asking for spot there changes nothing. */
static void
test_flex_has_no_spot (void)
{
  GpProvider *vertex = gp_offer_get_provider (offer ("vertex-ai/a2-highgpu-1g"));
  g_autoptr(GpLaunchSnippet) spot = render ("vertex-ai/a2-highgpu-1g", "vertex-flex", TRUE);
  g_autoptr(GpLaunchSnippet) plain = render ("vertex-ai/a2-highgpu-1g", "vertex-flex", FALSE);

  g_assert_false (
      gp_launch_data_offers_spot (gp_launch_data_get_default (), vertex, "vertex-flex"));
  g_assert_true (gp_launch_data_offers_spot (gp_launch_data_get_default (), vertex, "vertex"));
  g_assert_true (gp_launch_data_offers_spot (gp_launch_data_get_default (), vertex, NULL));
  g_assert_cmpstr (spot->text, ==, plain->text);
}

/* The upload: the platform's command, the time at the user's speed, the egress back. */
static void
test_upload (void)
{
  GpLaunchUpload upload = { 200, 100, "./data", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(GpLaunchSnippet) snippet = gp_launch_render (
      gp_launch_data_get_default (), offer ("aws-ec2/p4d.24xlarge"), NULL, FALSE, &upload, &error);
  g_autoptr(GpLaunchSnippet) lambda = gp_launch_render (
      gp_launch_data_get_default (), offer ("lambda/gpu_1x_a100"), NULL, FALSE, &upload, &error);
  GpProvider *aws = gp_offer_get_provider (offer ("aws-ec2/p4d.24xlarge"));

  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (snippet->upload, "aws s3 sync ./data s3://MY_BUCKET/data"));
  g_assert_cmpfloat_with_epsilon (snippet->upload_hours, 200 * 8000.0 / 100 / 3600, 1e-9);
  g_assert_cmpfloat_with_epsilon (
      snippet->egress_back,
      (200 - gp_provider_get_egress_free_gb (aws)) * gp_provider_get_egress_per_gb (aws), 1e-9);
  g_assert_true (g_str_has_prefix (lambda->upload, "rsync -avP ./data/ ubuntu@MY_INSTANCE_IP"));
  g_assert_true (g_strv_contains ((const char *const *) lambda->placeholders, "MY_INSTANCE_IP"));
}

/* Data already in the cloud, in another region than the machine: the copy is priced at the
 * platform's egress when the platform lists that region, and said but not priced otherwise. */
static void
test_copy_across_regions (void)
{
  GpOffer *p4d = offer ("aws-ec2/p4d.24xlarge");
  GpProvider *aws = gp_offer_get_provider (p4d);
  GListModel *regions = gp_provider_get_regions (aws);
  const char *other = NULL;
  GpLaunchUpload upload = { 200, 100, "./data", NULL };
  g_autoptr(GpLaunchSnippet) there = NULL, same = NULL, unlisted = NULL;

  for (guint i = 0; other == NULL && i < g_list_model_get_n_items (regions); i++)
    {
      g_autoptr(GpRegion) region = g_list_model_get_item (regions, i);

      if (g_strcmp0 (gp_region_get_id (region), gp_offer_get_region_id (p4d)) != 0)
        other = gp_region_get_id (region); /* the provider keeps it */
    }
  g_assert_nonnull (other);

  upload.data_region = other;
  there = gp_launch_render (gp_launch_data_get_default (), p4d, NULL, FALSE, &upload, NULL);
  g_assert_cmpstr (there->copy_from, ==, other);
  g_assert_cmpfloat (there->copy_gb, ==, 200);
  g_assert_cmpfloat_with_epsilon (there->copy_egress, 200 * gp_provider_get_egress_per_gb (aws),
                                  1e-9);

  upload.data_region = gp_offer_get_region_id (p4d);
  same = gp_launch_render (gp_launch_data_get_default (), p4d, NULL, FALSE, &upload, NULL);
  g_assert_null (same->copy_from);
  g_assert_true (isnan (same->copy_egress));

  upload.data_region = "nowhere-9";
  unlisted = gp_launch_render (gp_launch_data_get_default (), p4d, NULL, FALSE, &upload, NULL);
  g_assert_cmpstr (unlisted->copy_from, ==, "nowhere-9");
  g_assert_true (isnan (unlisted->copy_egress));
}

/* Values that would run a command, or add a key, if pasted into code as they are. MARK is
 * replaced by a file that must never come to exist. */
static const char *const hostile_values[] = {
  "p9.$(touch MARK)",
  "`touch MARK`",
  "eastus;touch MARK;#",
  "x\"; touch MARK; \"",
  "x' ; touch MARK ; '",
  "ml.x\" + str(__import__(\"os\").system(\"touch MARK\")) + \"",
  "\"\"\" + __import__(\"os\").system(\"touch MARK\") + \"\"\"",
  "a\nimage_id: evil\nfile_mounts: {x: y}",
  "east: us # comment",
  "back\\slash\\",
  "-rf --help",
  "${IFS}touch${IFS}MARK",
  "line\r\nbreak\tand\x1b[2Jescape",
  "\u202e"
  "evil"
  "\u202c \u4e2d\u6587",
  "true",
  "12.5",
  "'",
  "}'; touch MARK; echo '{",
};

/* The platforms' offers, one of each kind of template. */
static const char *const hostile_offers[] = {
  "aws-sagemaker/ml.p3.16xlarge",
  "vertex-ai/a2-highgpu-1g",
  "azure-ml/Standard_NC24ads_A100_v4",
  "aws-ec2/p4d.24xlarge",
  "gcp/a2-highgpu-1g",
  "gcp/n1-gpu-t4",
  "lambda/gpu_1x_a100",
  "colab/t4",
  "aws-china/g4dn.xlarge",
  "alibaba-ecs/ecs.gn6i-c4g1.xlarge",
};

static void
write_snippet (const char *dir,
               const char *name,
               const char *text)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
}

static void
add_entry (JsonBuilder *manifest,
           const char  *file,
           const char  *benign,
           const char  *language,
           const char  *format,
           const char  *field,
           const char  *value,
           gboolean     whole,
           const char  *marker)
{
  json_builder_begin_object (manifest);
  json_builder_set_member_name (manifest, "whole");
  json_builder_add_boolean_value (manifest, whole);
  json_builder_set_member_name (manifest, "file");
  json_builder_add_string_value (manifest, file);
  json_builder_set_member_name (manifest, "benign");
  json_builder_add_string_value (manifest, benign);
  json_builder_set_member_name (manifest, "language");
  json_builder_add_string_value (manifest, language);
  json_builder_set_member_name (manifest, "format");
  json_builder_add_string_value (manifest, format);
  json_builder_set_member_name (manifest, "field");
  json_builder_add_string_value (manifest, field);
  json_builder_set_member_name (manifest, "value");
  json_builder_add_string_value (manifest, value);
  json_builder_set_member_name (manifest, "marker");
  json_builder_add_string_value (manifest, marker);
  json_builder_end_object (manifest);
}

/* Whether a value put in @field reaches the code as a value of its own: a probe is looked
 * for. The GPU's name on the command line goes into a longer word ("type=…,count=1"). */
static gboolean
reaches (GpOffer    *target,
         const char *format,
         const char *field)
{
  g_autoptr(GHashTable) values = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GpLaunchSnippet) probe = NULL;

  g_hash_table_insert (values, (gpointer) field, (gpointer) "probe9value");
  probe = gp_launch_render_with_values (gp_launch_data_get_default (), target, format, FALSE, NULL,
                                        values, NULL);
  return strstr (probe->text, "probe9value") != NULL &&
         !(g_str_equal (probe->language, "shell") && g_str_equal (field, "accelerator"));
}

/* A Capacity Block offer's code finds a block of the machine for the job's length, buys it and
 * launches into the reservation the purchase made, not on demand; it is a choice of its own,
 * not among the offer's formats; an offer without a block price, or a job longer than the
 * longest block, is refused with why. */
static void
test_capacity_block (void)
{
  GpLaunchData *data = gp_launch_data_get_default ();
  GpOffer *block = gp_comparison_find_offer (launch_catalog (), "aws-ec2/p5e.48xlarge@us-east-1");
  GpOffer *none = gp_comparison_find_offer (launch_catalog (), "aws-ec2/p5e.48xlarge@us-west-2");
  g_auto(GStrv) formats = gp_launch_data_dup_formats (data, gp_offer_get_provider (block));
  const struct
  {
    double hours;
    const char *duration;
  } lengths[] = {
    { 0, "--capacity-duration-hours MY_BLOCK_HOURS \\\n" },
    { 1, "--capacity-duration-hours 24 \\\n" },
    { 300, "--capacity-duration-hours 312 \\\n" },
    /* Past 14 days, whole weeks: 15 days are bought as 21. */
    { 350, "--capacity-duration-hours 504 \\\n" },
  };
  g_autoptr(GError) error = NULL;

  g_assert_false (g_strv_contains ((const char *const *) formats, "capacity-block"));
  for (guint i = 0; i < G_N_ELEMENTS (lengths); i++)
    {
      g_autoptr(GpLaunchSnippet) snippet =
          gp_launch_render_capacity_block (data, block, lengths[i].hours, NULL, NULL, &error);
      const char *find, *buy, *launch;

      g_assert_no_error (error);
      g_assert_cmpstr (snippet->format, ==, "capacity-block");
      find = strstr (snippet->text, "aws ec2 describe-capacity-block-offerings \\\n");
      buy = strstr (snippet->text, "aws ec2 purchase-capacity-block \\\n");
      launch = strstr (snippet->text, "aws ec2 run-instances \\\n");
      g_assert_nonnull (find);
      g_assert_true (find < buy && buy < launch);
      g_assert_nonnull (strstr (find, "--instance-type p5e.48xlarge \\\n"));
      g_assert_nonnull (strstr (find, "--instance-count 1 \\\n"));
      g_assert_nonnull (strstr (find, lengths[i].duration));
      g_assert_nonnull (strstr (find, "--start-date-range MY_START_DATE"));
      g_assert_nonnull (strstr (buy, "--capacity-block-offering-id \"$OFFERING\""));
      g_assert_nonnull (strstr (launch, "--instance-market-options 'MarketType=capacity-block'"));
      g_assert_nonnull (strstr (launch, "--capacity-reservation-specification "
                                        "\"CapacityReservationTarget={CapacityReservationId="
                                        "$RESERVATION}\""));
      g_assert_true (g_strv_contains ((const char *const *) snippet->placeholders, "MY_SUBNET_ID"));
      g_assert_true (g_strv_contains ((const char *const *) snippet->placeholders,
                                      "MY_BLOCK_HOURS") == (lengths[i].hours == 0));
      g_assert_cmpuint (snippet->sources->len, >=, 2);
    }

  g_assert_null (gp_launch_render_capacity_block (data, none, 300, NULL, NULL, &error));
  g_assert_error (error, GP_LAUNCH_ERROR, GP_LAUNCH_ERROR_NO_BLOCK);
  g_assert_nonnull (strstr (error->message, "p5e.48xlarge in us-west-2"));
  g_clear_error (&error);
  g_assert_null (gp_launch_render_capacity_block (data, block, 183 * 24, NULL, NULL, &error));
  g_assert_error (error, GP_LAUNCH_ERROR, GP_LAUNCH_ERROR_NO_BLOCK);
  g_assert_nonnull (strstr (error->message, "182 days"));
}

/* Every template rendered with each hostile value in each field, then run against stub SDKs
 * and commands (tests/check-launch-snippets.py): no command runs, each value arrives as one
 * value equal to itself, the YAML has only the template's keys. The user's data folder, in
 * the upload command, likewise. */
static void
test_hostile_values (void)
{
  static const char *const fields[] = { "instance_type", "region", "accelerator" };
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("gp-launch-hostile-XXXXXX", &error);
  g_autofree char *marker = g_build_filename (dir, "ran", NULL);
  g_autofree char *checker = g_test_build_filename (G_TEST_DIST, "check-launch-snippets.py", NULL);
  g_autoptr(JsonBuilder) manifest = json_builder_new ();
  GpLaunchData *data = gp_launch_data_get_default ();
  g_autofree char *out = NULL, *err = NULL;
  guint n = 0;
  int status;

  g_assert_no_error (error);
  json_builder_begin_array (manifest);
  for (guint o = 0; o < G_N_ELEMENTS (hostile_offers); o++)
    {
      GpOffer *target = offer (hostile_offers[o]);
      g_auto(GStrv) formats = gp_launch_data_dup_formats (data, gp_offer_get_provider (target));

      for (guint f = 0; formats[f] != NULL; f++)
        {
          g_autoptr(GpLaunchSnippet) benign =
              gp_launch_render (data, target, formats[f], FALSE, NULL, &error);
          g_autofree char *benign_name = g_strdup_printf ("benign-%u-%u", o, f);

          g_assert_no_error (error);
          write_snippet (dir, benign_name, benign->text);
          for (guint v = 0; v < G_N_ELEMENTS (hostile_values); v++)
            for (guint k = 0; k < G_N_ELEMENTS (fields); k++)
              {
                g_autoptr(GString) value = g_string_new (hostile_values[v]);
                g_autoptr(GHashTable) values = g_hash_table_new (g_str_hash, g_str_equal);
                g_autoptr(GpLaunchSnippet) snippet = NULL;
                g_autofree char *name = g_strdup_printf ("snippet-%u", n++);

                g_string_replace (value, "MARK", marker, 0);
                g_hash_table_insert (values, (gpointer) fields[k], value->str);
                snippet = gp_launch_render_with_values (data, target, formats[f], FALSE, NULL,
                                                        values, &error);
                g_assert_no_error (error);
                write_snippet (dir, name, snippet->text);
                add_entry (manifest, name, benign_name, snippet->language, formats[f], fields[k],
                           value->str, reaches (target, formats[f], fields[k]), marker);
              }
        }
    }
  /* A Capacity Block's code: the same values, in the finding, the purchase and the launch. */
  {
    GpOffer *target = offer ("aws-ec2/p5e.48xlarge");
    g_autoptr(GpLaunchSnippet) benign =
        gp_launch_render_capacity_block (data, target, 300, NULL, NULL, &error);

    g_assert_no_error (error);
    write_snippet (dir, "benign-block", benign->text);
    for (guint v = 0; v < G_N_ELEMENTS (hostile_values); v++)
      for (guint k = 0; k < 2; k++)
        {
          g_autoptr(GString) value = g_string_new (hostile_values[v]);
          g_autoptr(GHashTable) values = g_hash_table_new (g_str_hash, g_str_equal);
          g_autoptr(GpLaunchSnippet) snippet = NULL;
          g_autofree char *name = g_strdup_printf ("snippet-%u", n++);

          g_string_replace (value, "MARK", marker, 0);
          g_hash_table_insert (values, (gpointer) fields[k], value->str);
          snippet = gp_launch_render_capacity_block (data, target, 300, NULL, values, &error);
          g_assert_no_error (error);
          write_snippet (dir, name, snippet->text);
          add_entry (manifest, name, "benign-block", snippet->language, snippet->format, fields[k],
                     value->str, TRUE, marker);
        }
  }
  /* The user's data folder, in each platform's upload command. */
  for (guint o = 0; o < G_N_ELEMENTS (hostile_offers); o++)
    for (guint v = 0; v < G_N_ELEMENTS (hostile_values); v++)
      {
        g_autoptr(GString) value = g_string_new (hostile_values[v]);
        GpProvider *provider = gp_offer_get_provider (offer (hostile_offers[o]));
        const char *language = NULL;
        g_autofree char *upload = NULL;
        g_autofree char *benign =
            gp_launch_data_dup_upload (data, provider, "us-east-1", "./data", &language);
        g_autofree char *name = g_strdup_printf ("upload-%u", n++);
        g_autofree char *benign_name = g_strdup_printf ("upload-benign-%u", o);

        g_string_replace (value, "MARK", marker, 0);
        upload = gp_launch_data_dup_upload (data, provider, "us-east-1", value->str, NULL);
        g_assert_nonnull (upload);
        write_snippet (dir, name, upload);
        write_snippet (dir, benign_name, benign);
        add_entry (manifest, name, benign_name, language, "upload", "data_dir", value->str, TRUE,
                   marker);
      }
  json_builder_end_array (manifest);
  {
    g_autoptr(JsonGenerator) generator = json_generator_new ();
    g_autoptr(JsonNode) root = json_builder_get_root (manifest);
    g_autofree char *path = g_build_filename (dir, "manifest.json", NULL);

    json_generator_set_root (generator, root);
    json_generator_to_file (generator, path, &error);
    g_assert_no_error (error);
  }

  {
    const char *argv[] = { "python3", checker, dir, NULL };

    g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err, &status,
                  &error);
    g_assert_no_error (error);
  }
  g_test_message ("%s%s", out, err);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_false (g_file_test (marker, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (n, >, 500);
  {
    g_autofree char *rm = g_strdup_printf ("rm -rf %s", dir);

    g_spawn_command_line_sync (rm, NULL, NULL, NULL, NULL);
  }
}

/* A snippet in a Markdown document: a fence longer than any run of backticks in the code, so
 * that a value holding ``` cannot end the block. */
static void
test_markdown_fence (void)
{
  g_autoptr(GHashTable) values = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GpLaunchSnippet) snippet = NULL;
  g_autoptr(GString) markdown = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  g_hash_table_insert (values, (gpointer) "instance_type",
                       (gpointer) "x```\n# Injected heading\n````");
  snippet =
      gp_launch_render_with_values (gp_launch_data_get_default (), offer ("aws-ec2/p4d.24xlarge"),
                                    "skypilot", FALSE, NULL, values, &error);
  g_assert_no_error (error);
  gp_launch_snippet_append_markdown (snippet, markdown);
  g_assert_true (g_str_has_prefix (markdown->str, "`````yaml\n"));
  g_assert_nonnull (strstr (markdown->str, "\n`````\n"));
  /* The value is one YAML string, on the line of its key. */
  g_assert_nonnull (
      strstr (snippet->text, "instance_type: \"x```\\n# Injected heading\\n````\"\n"));
}

/* A platform with no template says so, and a format it lacks names those it has. */
/* AWS China: its own partition, reached from the region with the account's own profile, the
 * account's requirement said in the code; the data goes up with the same profile. */
static void
test_aws_china (void)
{
  GpLaunchUpload upload = { 50, 100, "./data", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(GpLaunchSnippet) snippet = gp_launch_render (
      gp_launch_data_get_default (), offer ("aws-china/g4dn.xlarge"), NULL, TRUE, &upload, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (snippet->format, ==, "shell");
  g_assert_nonnull (strstr (snippet->text, "aws ec2 run-instances"));
  g_assert_nonnull (strstr (snippet->text, "--region cn-northwest-1"));
  g_assert_nonnull (strstr (snippet->text, "--instance-type g4dn.xlarge"));
  g_assert_nonnull (strstr (snippet->text, "--profile MY_AWS_CHINA_PROFILE"));
  g_assert_nonnull (strstr (snippet->text, "AWS China account"));
  g_assert_nonnull (strstr (snippet->text, "amazonaws.com.cn"));
  g_assert_nonnull (strstr (snippet->text, "MarketType=spot"));
  g_assert_true (g_str_has_prefix (snippet->upload, "aws s3 sync ./data s3://MY_BUCKET/data"));
  g_assert_nonnull (strstr (snippet->upload, "--profile MY_AWS_CHINA_PROFILE"));
  g_assert_true (
      g_strv_contains ((const char *const *) snippet->placeholders, "MY_AWS_CHINA_PROFILE"));
  assert_valid (snippet);
}

/* Alibaba Cloud: its CLI's RunInstances, pay-as-you-go, no spot choice (the catalog has no
 * spot price of it); the data goes up to the machine itself. */
static void
test_alibaba (void)
{
  GpLaunchUpload upload = { 50, 100, "./data", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(GpLaunchSnippet) snippet =
      gp_launch_render (gp_launch_data_get_default (), offer ("alibaba-ecs/ecs.gn6i-c4g1.xlarge"),
                        NULL, FALSE, &upload, &error);

  g_assert_nonnull (snippet);
  g_assert_nonnull (strstr (snippet->text, "aliyun ecs RunInstances"));
  g_assert_nonnull (strstr (snippet->text, "--RegionId cn-hangzhou"));
  g_assert_nonnull (strstr (snippet->text, "--InstanceType ecs.gn6i-c4g1.xlarge"));
  g_assert_nonnull (strstr (snippet->text, "real-name verification"));
  g_assert_true (g_str_has_prefix (snippet->upload, "rsync -avP ./data/"));
  g_assert_true (g_strv_contains ((const char *const *) snippet->placeholders, "MY_VSWITCH_ID"));
  assert_valid (snippet);
  g_assert_false (gp_launch_data_offers_spot (
      gp_launch_data_get_default (),
      gp_offer_get_provider (offer ("alibaba-ecs/ecs.gn6i-c4g1.xlarge")), "shell"));
}

static void
test_no_template (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GpLaunchSnippet) snippet =
      gp_launch_render (gp_launch_data_get_default (), offer ("aws-sagemaker/ml.p3.16xlarge"),
                        "vertex", FALSE, NULL, &error);

  g_assert_null (snippet);
  g_assert_error (error, GP_LAUNCH_ERROR, GP_LAUNCH_ERROR_NO_TEMPLATE);
  g_assert_nonnull (strstr (error->message, "sagemaker"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/launch/capacity-block", test_capacity_block);
  g_test_add_func ("/launch/every-offer", test_every_offer);
  g_test_add_func ("/launch/sagemaker", test_sagemaker);
  g_test_add_func ("/launch/vertex", test_vertex);
  g_test_add_func ("/launch/azureml", test_azureml);
  g_test_add_func ("/launch/shell", test_shell);
  g_test_add_func ("/launch/skypilot", test_skypilot);
  g_test_add_func ("/launch/colab", test_colab);
  g_test_add_func ("/launch/upload", test_upload);
  g_test_add_func ("/launch/environment", test_environment);
  g_test_add_func ("/launch/flex-has-no-spot", test_flex_has_no_spot);
  g_test_add_func ("/launch/copy-across-regions", test_copy_across_regions);
  g_test_add_func ("/launch/aws-china", test_aws_china);
  g_test_add_func ("/launch/alibaba", test_alibaba);
  g_test_add_func ("/launch/no-template", test_no_template);
  g_test_add_func ("/launch/hostile-values", test_hostile_values);
  g_test_add_func ("/launch/markdown-fence", test_markdown_fence);

  return g_test_run ();
}
