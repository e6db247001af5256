/* test-skypilot-import.c — SkyPilot's vms.csv files, every cloud's quirks
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The fixtures are real extracts of skypilot-org/skypilot-catalog (AWS, GCP and Lambda schema
 * v8, Azure schema v6). Expected figures are read off those rows by hand in the comments.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "gp-azure-importer.h"
#include "gp-csv-reader.h"
#include "gp-format.h"
#include "gp-import-builder.h"
#include "gp-skypilot-importer.h"
#include "gp-update-error.h"

typedef struct
{
  GpCatalog      *catalog;
  GpImportReport *report;
} Imported;

static void
imported_clear (Imported *imported)
{
  g_clear_object (&imported->catalog);
  g_clear_pointer (&imported->report, gp_import_report_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Imported, imported_clear)

/* Imports a fixture and layers the result on the bundled catalog, as a refresh does. */
static void
import_fixture (Imported   *imported,
                const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "skypilot", name, NULL);
  g_autoptr(GBytes) csv = NULL;
  g_autoptr(GBytes) layer = NULL;
  g_autoptr(GError) error = NULL;
  gchar *contents;
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  csv = g_bytes_new_take (contents, length);

  imported->catalog = gp_catalog_new_bundled ();
  imported->report = gp_import_report_new ();
  layer = gp_skypilot_import (imported->catalog, csv, name, "https://example.org/vms.csv",
                              "2025-09-12", imported->report, &error);
  g_assert_no_error (error);
  g_assert_nonnull (layer);

  /* What the importer writes is a valid layer. */
  g_assert_true (gp_catalog_add_layer (imported->catalog, layer, name, GP_CATALOG_LAYER_REFRESHED,
                                       &error));
  g_assert_no_error (error);

  /* Written without its tree, it is the tree's text, byte for byte, with the same report. */
  {
    g_autoptr(GpCatalog) base = gp_catalog_new_bundled ();
    g_autoptr(GpImportReport) report = gp_import_report_new ();
    g_autoptr(JsonNode) tree = gp_skypilot_import_tree (
        base, csv, name, "https://example.org/vms.csv", "2025-09-12", report, &error);
    g_autoptr(GBytes) tree_text = NULL;

    g_assert_no_error (error);
    tree_text = gp_import_tree_to_bytes (tree);
    g_assert_true (g_bytes_equal (tree_text, layer));
    g_assert_cmpuint (report->offers, ==, imported->report->offers);
    g_assert_cmpuint (report->instances, ==, imported->report->instances);
    g_assert_cmpuint (report->notes->len, ==, imported->report->notes->len);
  }
}

static GpOffer *
offer (Imported   *imported,
       const char *instance_id,
       const char *region)
{
  GpInstance *instance = gp_catalog_find_instance (imported->catalog, instance_id);

  g_assert_nonnull (instance);
  g_assert_cmpint (gp_instance_get_layer (instance), ==, GP_CATALOG_LAYER_REFRESHED);
  return gp_instance_find_offer (instance, region);
}

static gboolean
has_note_in (GpImportReport *report,
             const char     *text)
{
  for (guint i = 0; i < report->notes->len; i++)
    if (strstr (g_ptr_array_index (report->notes, i), text) != NULL)
      return TRUE;
  return FALSE;
}

static gboolean
has_note (Imported   *imported,
          const char *text)
{
  return has_note_in (imported->report, text);
}

static void
test_aws (void)
{
  g_auto(Imported) imported = { NULL };
  GpOffer *o;
  GpInstance *metal;

  import_fixture (&imported, "aws_v8_extract.csv");

  /* p4d.24xlarge in us-east-1: four zones at 21.957642, spot 2.4655 … 8.1915 */
  o = offer (&imported, "aws-ec2/p4d.24xlarge", "us-east-1");
  g_assert_cmpfloat (gp_offer_get_on_demand (o), ==, 21.957642);
  g_assert_cmpfloat (gp_offer_get_spot_min (o), ==, 2.4655);
  g_assert_cmpfloat (gp_offer_get_spot_max (o), ==, 8.1915);
  g_assert_cmpstr (gp_source_get_as_of (gp_offer_get_source (o)), ==, "2025-09-12");

  /* g4dn.xlarge in us-west-2: the Local Zone usw2-lax1 (0.0631) is not us-west-2's spot. */
  o = offer (&imported, "aws-ec2/g4dn.xlarge", "us-west-2");
  g_assert_cmpfloat (gp_offer_get_spot_min (o), ==, 0.2386);
  g_assert_cmpfloat (gp_offer_get_spot_max (o), ==, 0.2479);

  /* p3.8xlarge in ap-southeast-1: apse1-az1 lists spot at on-demand, 16.936: no usable spot
   * there, so the range is the other zone's 6.9815, and the offer says why. */
  o = offer (&imported, "aws-ec2/p3.8xlarge", "ap-southeast-1");
  g_assert_cmpfloat (gp_offer_get_spot_min (o), ==, 6.9815);
  g_assert_cmpfloat (gp_offer_get_spot_max (o), ==, 6.9815);
  g_assert_true (gp_offer_get_anomalies (o) & GP_ANOMALY_SPOT_EQUALS_ON_DEMAND);

  /* p5.4xlarge has an empty SpotPrice: none, not zero. It is new to the catalog. */
  o = offer (&imported, "aws-ec2/p5.4xlarge", "us-east-1");
  g_assert_cmpfloat (gp_offer_get_on_demand (o), ==, 6.88);
  g_assert_true (isnan (gp_offer_get_spot_min (o)));
  g_assert_cmpstr (gp_gpu_get_id (gp_offer_get_gpu (o)), ==, "h100-sxm5-80gb");

  /* A new instance takes the hardware of its rows: g4dn.metal, eight T4s. */
  metal = gp_catalog_find_instance (imported.catalog, "aws-ec2/g4dn.metal");
  g_assert_cmpuint (gp_instance_get_gpu_count (metal), ==, 8);
  g_assert_cmpuint (gp_instance_get_vcpus (metal), ==, 96);

  /* A known instance keeps the catalog's hardware, such as its interconnect. */
  g_assert_nonnull (gp_instance_get_interconnect (
      gp_catalog_find_instance (imported.catalog, "aws-ec2/p4d.24xlarge")));

  /* New regions come with the provider, which keeps everything else it had. */
  g_assert_nonnull (gp_provider_find_region (gp_catalog_find_provider (imported.catalog, "aws-ec2"),
                                             "eu-west-1"));
  g_assert_cmpfloat (
      gp_provider_get_egress_per_gb (gp_catalog_find_provider (imported.catalog, "aws-ec2")), ==,
      0.09);
  g_assert_cmpuint (imported.report->rows, ==, 120);
}

/* A copy of AWS's table cut down without its Arch column is still AWS's: its zones are AWS
 * zone ids (use1-az1), not Google's (us-central1-a). */
static void
test_aws_without_arch (void)
{
  g_auto(Imported) imported = { NULL };
  GpOffer *o;

  import_fixture (&imported, "aws_subset_no_arch.csv");
  o = offer (&imported, "aws-ec2/g4dn.xlarge", "us-east-1");
  g_assert_cmpfloat (gp_offer_get_on_demand (o), ==, 0.526);
  g_assert_cmpfloat (gp_offer_get_spot_min (o), ==, 0.2158);
  g_assert_cmpfloat (gp_offer_get_spot_max (o), ==, 0.2301);
}

static void
test_gcp (void)
{
  g_auto(Imported) imported = { NULL };
  GpOffer *o;

  import_fixture (&imported, "gcp_v8_extract.csv");

  /* a2-highgpu-1g in us-central1: machine 0.73948 + one A100 2.93391 = 3.67339;
   * spot 0.36975 + 1.4341 = 1.80385. */
  o = offer (&imported, "gcp/a2-highgpu-1g", "us-central1");
  g_assert_cmpfloat_with_epsilon (gp_offer_get_on_demand (o), 3.67339, 1e-9);
  g_assert_cmpfloat_with_epsilon (gp_offer_get_spot_min (o), 1.80385, 1e-9);
  g_assert_cmpuint (gp_instance_get_gpu_count (gp_offer_get_instance (o)), ==, 1);

  /* a2-highgpu-8g: eight A100s, from the name: 5.91582 + 23.47126 = 29.38708 */
  o = offer (&imported, "gcp/a2-highgpu-8g", "us-central1");
  g_assert_cmpfloat_with_epsilon (gp_offer_get_on_demand (o), 29.38708, 1e-9);
  g_assert_cmpuint (gp_instance_get_gpu_count (gp_offer_get_instance (o)), ==, 8);

  /* a3-highgpu-8g: 9.46006 + 78.37241 in us-east4, twice us-central1's 43.06615. The Cloud
   * Billing catalog prices us-central1 at 88.49: the low sum is the doubtful one, flagged,
   * and the dear region, which is right, is not called an outlier. */
  o = offer (&imported, "gcp/a3-highgpu-8g", "us-east4");
  g_assert_cmpfloat_with_epsilon (gp_offer_get_on_demand (o), 87.83247, 1e-9);
  g_assert_false (gp_offer_get_anomalies (o) &
                  (GP_ANOMALY_REGIONAL_OUTLIER | GP_ANOMALY_LOW_OUTLIER));
  o = offer (&imported, "gcp/a3-highgpu-8g", "us-central1");
  g_assert_true (gp_offer_get_anomalies (o) & GP_ANOMALY_LOW_OUTLIER);
  g_assert_true (has_note (&imported, "a3-highgpu-8g in us-central1: 43.0662 is far below"));

  /* a2-ultragpu-1g: the A100 80GB row lists spot 1.964 above on-demand 1.8462. */
  o = offer (&imported, "gcp/a2-ultragpu-1g", "us-central1");
  g_assert_true (gp_offer_get_anomalies (o) & GP_ANOMALY_SPOT_ABOVE_ON_DEMAND);

  /* g2-standard-4: one L4; g2-standard-24 would carry two. */
  o = offer (&imported, "gcp/g2-standard-4", "us-central1");
  g_assert_cmpfloat_with_epsilon (gp_offer_get_on_demand (o), 0.14679 + 0.56004, 1e-9);
  g_assert_cmpstr (gp_gpu_get_id (gp_offer_get_gpu (o)), ==, "l4");

  /* N1's attachable T4: the GPU alone, as the bundled catalog lists it. */
  o = offer (&imported, "gcp/n1-gpu-t4", "us-central1");
  g_assert_cmpfloat (gp_offer_get_on_demand (o), ==, 0.35);
  g_assert_cmpfloat (gp_offer_get_spot_min (o), ==, 0.175);

  /* Only T4, V100, P100 and P4 attach to N1 machines: an A100 or H100 row without its
   * machine row of the zone is skipped, never sold as "N1 + A100". */
  {
    GListModel *instances = gp_catalog_get_instances (imported.catalog);

    for (guint i = 0; i < g_list_model_get_n_items (instances); i++)
      {
        g_autoptr(GpInstance) instance = g_list_model_get_item (instances, i);
        const char *id = gp_instance_get_id (instance);

        if (g_str_has_prefix (id, "gcp/n1-gpu-"))
          g_assert_true (g_str_has_prefix (id, "gcp/n1-gpu-t4") ||
                         g_str_has_prefix (id, "gcp/n1-gpu-v100") ||
                         g_str_has_prefix (id, "gcp/n1-gpu-p100") ||
                         g_str_has_prefix (id, "gcp/n1-gpu-p4"));
      }
    g_assert_null (gp_catalog_find_instance (imported.catalog, "gcp/n1-gpu-a100-x2"));
  }

  /* a3-highgpu-4g's zone has no 4× H100 row: no made-up price, a note instead. */
  g_assert_true (has_note (&imported, "a3-highgpu-4g in asia-southeast1-b: no 4× H100 row"));
  g_assert_null (gp_catalog_find_instance (imported.catalog, "gcp/a3-highgpu-4g"));
}

static void
test_azure (void)
{
  g_auto(Imported) imported = { NULL };
  GpInstance *nd;
  GpOffer *o;

  import_fixture (&imported, "azure_v6_extract.csv");

  /* ND96isr_H100_v5 is listed with 12 GPUs; the VM has 8: kept at 8 and flagged. */
  nd = gp_catalog_find_instance (imported.catalog, "azure-ml/Standard_ND96isr_H100_v5");
  g_assert_cmpuint (gp_instance_get_gpu_count (nd), ==, 8);
  g_assert_true (gp_instance_get_anomalies (nd) & GP_ANOMALY_GPU_COUNT_SUSPECT);
  g_assert_true (has_note (&imported, "Standard_ND96isr_H100_v5: the source lists 12 GPUs"));
  /* …and its spot equals on-demand: no spot. */
  o = gp_instance_find_offer (nd, "eastus");
  g_assert_true (isnan (gp_offer_get_spot_min (o)));
  g_assert_true (gp_offer_get_anomalies (o) & GP_ANOMALY_SPOT_EQUALS_ON_DEMAND);

  /* NC24ads_A100_v4 in westus2: 3.673 on demand, 0.615962 spot (the "$1.2/h" it is not) */
  o = offer (&imported, "azure-ml/Standard_NC24ads_A100_v4", "westus2");
  g_assert_cmpfloat (gp_offer_get_on_demand (o), ==, 3.673);
  g_assert_cmpfloat (gp_offer_get_spot_min (o), ==, 0.615962);
  /* The GPU variant of a known instance stays the catalog's: the PCIe A100 80GB. */
  g_assert_cmpstr (gp_gpu_get_id (gp_offer_get_gpu (o)), ==, "a100-pcie-80gb");
}

static void
test_lambda (void)
{
  g_auto(Imported) imported = { NULL };
  GpOffer *o;

  import_fixture (&imported, "lambda_v8_sample.csv");

  o = offer (&imported, "lambda/gpu_1x_a100", "us-west-1");
  g_assert_cmpfloat (gp_offer_get_on_demand (o), ==, 1.99);
  g_assert_true (isnan (gp_offer_get_spot_min (o)));

  /* A GPU the catalog does not describe keeps its offers: the import adds a model of that
   * name with the memory GpuInfo gives (GH200: 98304 MiB, 96 GB), and says so. */
  o = offer (&imported, "lambda/gpu_1x_gh200", "us-east-1");
  g_assert_cmpstr (gp_gpu_get_name (gp_offer_get_gpu (o)), ==, "GH200");
  g_assert_cmpfloat (gp_gpu_get_memory_gb (gp_offer_get_gpu (o)), ==, 96);
  g_assert_true (isnan (gp_gpu_get_bf16_tflops (gp_offer_get_gpu (o))));
  g_assert_true (has_note (&imported, "added the GPU model “GH200” (gh200, 96 GB)"));
  /* A6000, RTX 6000, GH200 and B200 */
  g_assert_cmpuint (imported.report->gpus_added, ==, 4);
  g_assert_nonnull (gp_catalog_find_instance (imported.catalog, "lambda/gpu_8x_b200_sxm6"));

  /* Only the CPU machines are skipped, under their reason; every GPU row is imported. */
  g_assert_null (gp_catalog_find_instance (imported.catalog, "lambda/cpu_4x_generalx"));
  g_assert_cmpuint (imported.report->rows, ==, 48);
  g_assert_cmpuint (imported.report->skipped, ==, 4);
  g_assert_cmpuint (imported.report->imported, ==, 44);
  g_assert_cmpuint (imported.report->offers, ==, 44);
  g_assert_cmpuint (gp_import_report_get_n_reasons (imported.report), ==, 1);
}

/* Text from the file and the command line stays text in the layer written without a tree: a
 * GPU name with quotes, a backslash, markup and a comment opener, and a source address with
 * quotes, come back as they were, and the text is the tree's, byte for byte. */
static void
test_hostile_text_written (void)
{
  static const char csv[] =
      "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,SpotPrice,Region\n"
      "gpu_1x_odd,\"Odd \"\"GPU\"\" \\ <b>x</b> /* 1 */\",1,30,200,1.29,,us-east-1\n";
  static const char url[] = "https://example.org/\"vms\".csv?a=1&b=<2>";
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpCatalog) tree_base = gp_catalog_new_bundled ();
  g_autoptr(GBytes) bytes = g_bytes_new_static (csv, sizeof csv - 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) layer =
      gp_skypilot_import (catalog, bytes, "odd.csv", url, "2026-01-01", NULL, &error);
  g_autoptr(JsonNode) tree =
      gp_skypilot_import_tree (tree_base, bytes, "odd.csv", url, "2026-01-01", NULL, &error);
  g_autoptr(GBytes) tree_text = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root, *gpu, *source;

  g_assert_no_error (error);
  tree_text = gp_import_tree_to_bytes (tree);
  g_assert_true (g_bytes_equal (layer, tree_text));
  g_assert_true (json_parser_load_from_data (parser, g_bytes_get_data (layer, NULL),
                                             g_bytes_get_size (layer), &error));
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  gpu = json_array_get_object_element (json_object_get_array_member (root, "gpus"), 0);
  g_assert_cmpstr (json_object_get_string_member (gpu, "name"), ==,
                   "Odd \"GPU\" \\ <b>x</b> /* 1 */");
  source = json_array_get_object_element (json_object_get_array_member (root, "sources"), 0);
  g_assert_cmpstr (json_object_get_string_member (source, "url"), ==, url);
  /* And the catalog reads it as the same layer. */
  g_assert_true (gp_catalog_add_layer (catalog, layer, "odd.json", GP_CATALOG_LAYER_EXTRA, &error));
  g_assert_no_error (error);
}

typedef struct
{
  const char *name;
  const char *csv;
  const char *message;
} BadCsv;

static const BadCsv bad_csvs[] = {
  { "empty", "", "x.csv: the file is empty" },
  { "not-skypilot", "a,b,c\n1,2,3\n", "x.csv:1: not a SkyPilot vms.csv: no InstanceType column" },
  { "open-quote",
    "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,SpotPrice,Region\n"
    "gpu_1x_a10,A10,1,30,200,1.29,\"us-east-1\n",
    "x.csv:2: a quoted field is not closed" },
  { "binary", "Instance\0Type", "x.csv: not UTF-8 text" },
};

static void
test_bad_csv (gconstpointer data)
{
  const BadCsv *bad = data;
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GBytes) csv =
      g_bytes_new_static (bad->csv, g_str_equal (bad->name, "binary") ? 13 : strlen (bad->csv));
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) layer = gp_skypilot_import (catalog, csv, "x.csv", NULL, "2026-01-01", NULL,
                                                &error);

  g_assert_null (layer);
  g_assert_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT);
  g_assert_nonnull (strstr (error->message, bad->message));
}

/* Found by fuzz-skypilot: a row with an empty Region gave a region with an empty id, which
 * the loader refused, so the whole import failed. */
static void
test_empty_region (void)
{
  static const char csv[] =
    "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,SpotPrice,Region,"
    "AvailabilityZone,Arch\n"
    "g4dn.xlarge,T4,1.0,4.0,16.0,0.526,0.2158,us-east-1,use1-az1,x86_64\n"
    "g4dn.xlarge,T4,1.0,4.0,16.0,0.526,0.2,,use1-az2,x86_64\n";
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GBytes) bytes = g_bytes_new_static (csv, strlen (csv));
  g_autoptr(GpImportReport) report = gp_import_report_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) layer = gp_skypilot_import (catalog, bytes, "x.csv", NULL, "2026-01-01", report,
                                                &error);

  g_assert_no_error (error);
  g_assert_true (gp_catalog_add_layer (catalog, layer, "x.json", GP_CATALOG_LAYER_EXTRA, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (report->skipped, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (report->notes, 0), ==, "line 3: no region, skipped");
}

/* Values a broken or hostile file may hold: each row with one is skipped whole, counted under
 * its reason, and never half imported (an offer with no price would replace a bundled one). */
static void
test_bad_values (void)
{
  static const char csv[] = "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,"
                            "Region,GpuInfo,SpotPrice\n"
                            "gpu_1x_a10,A10,1,30,200,1.29,us-east-1,,\n"
                            "gpu_1x_a10,A10,1,30,200,0x20,us-west-1,,\n"
                            "gpu_1x_a10,A10,1,30,200,-1.5,us-west-2,,\n"
                            "gpu_1x_a10,A10,1,30,200,nan,us-south-1,,\n"
                            "gpu_1x_a10,A10,1,30,200,inf,us-east-2,,\n"
                            "gpu_1x_a10,A10,1,30,200,1.29,us-east-3,,1e999\n"
                            "gpu_huge,A10,4294967304,30,200,1.0,us-east-1,,\n"
                            "gpu_part,A10,0.167,6,55,0.45,us-east-1,,\n"
                            "gpu_none,A10,abc,6,55,0.45,us-east-1,,\n"
                            "gpu_\x1b[31mred,A10\x1b[0m,1,6,55,0.45,us-east-1,,\n"
                            "p9.$(touch F),A10,1,6,55,0.45,us-east-1,,\n"
                            "gpu_ok,A10\x1b[0m,1,6,55,0.45,us-east-1,,\n"
                            "gpu_1x_a10,A10,1,30,200,1.29,\"us-east-1\nimage_id: evil\",,\n";
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GBytes) bytes = g_bytes_new_static (csv, strlen (csv));
  g_autoptr(GpImportReport) report = gp_import_report_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) layer = gp_skypilot_import (catalog, bytes, "x.csv", NULL, "2026-01-01", report,
                                                &error);
  GpInstance *a10;
  guint count;

  g_assert_no_error (error);
  g_assert_true (gp_catalog_add_layer (catalog, layer, "x.json", GP_CATALOG_LAYER_EXTRA, &error));
  g_assert_no_error (error);

  g_assert_cmpuint (report->rows, ==, 13);
  g_assert_cmpuint (report->imported, ==, 2);
  g_assert_cmpuint (report->skipped, ==, 11);
  g_assert_cmpstr (gp_import_report_get_reason (report, 0, &count), ==,
                   "a price that is not a decimal number of at least 0");
  g_assert_cmpuint (count, ==, 5);
  g_assert_cmpstr (gp_import_report_get_reason (report, 1, &count), ==, "an impossible GPU count");
  g_assert_cmpstr (gp_import_report_get_reason (report, 2, &count), ==,
                   "a fraction of a GPU (the catalog counts whole GPUs)");
  g_assert_cmpstr (gp_import_report_get_reason (report, 3, &count), ==, "no GPU count");
  /* A type or region with a character no id has (an escape, "$(", a line break) is no id:
   * it would reach launch code. */
  g_assert_cmpstr (gp_import_report_get_reason (report, 4, &count), ==,
                   "a type or region that is not an id");
  g_assert_cmpuint (count, ==, 3);

  /* Only the good rows: one region, not six; hex is not 32.0, and nothing else leaks in. */
  a10 = gp_catalog_find_instance (catalog, "lambda/gpu_1x_a10");
  g_assert_nonnull (gp_instance_find_offer (a10, "us-east-1"));
  g_assert_null (gp_instance_find_offer (a10, "us-west-1"));
  g_assert_null (gp_instance_find_offer (a10, "us-west-2"));
  g_assert_null (gp_instance_find_offer (a10, "us-south-1"));
  g_assert_null (gp_instance_find_offer (a10, "us-east-2"));
  g_assert_null (gp_instance_find_offer (a10, "us-east-3"));
  g_assert_null (gp_catalog_find_instance (catalog, "lambda/gpu_huge"));
  g_assert_null (gp_catalog_find_instance (catalog, "lambda/gpu_part"));
  g_assert_nonnull (gp_catalog_find_instance (catalog, "lambda/gpu_ok"));

  /* A terminal escape in a name is not carried into the catalog. */
  for (guint i = 0; i < g_list_model_get_n_items (gp_catalog_get_gpus (catalog)); i++)
    {
      g_autoptr(GpGpu) gpu = g_list_model_get_item (gp_catalog_get_gpus (catalog), i);
      g_assert_null (strchr (gp_gpu_get_name (gpu), '\x1b'));
    }
}

/* Imports @csv onto the test catalog, as a refresh does, and keeps the layer. */
static GpCatalog *
import_text (const char     *csv,
             GpImportReport *report)
{
  GpCatalog *catalog = gp_catalog_new_bundled ();
  g_autoptr(GBytes) bytes = g_bytes_new_static (csv, strlen (csv));
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) layer =
      gp_skypilot_import (catalog, bytes, "x.csv", NULL, "2026-01-01", report, &error);

  g_assert_no_error (error);
  g_assert_true (gp_catalog_add_layer (catalog, layer, "x.json", GP_CATALOG_LAYER_EXTRA, &error));
  g_assert_no_error (error);
  return catalog;
}

static gboolean
ratio_flagged (GpCatalog  *catalog,
               const char *instance_id,
               const char *region)
{
  GpInstance *instance = gp_catalog_find_instance (catalog, instance_id);
  GpOffer *found = gp_instance_find_offer (instance, region);

  g_assert_nonnull (found);
  return (gp_offer_get_anomalies (found) & GP_ANOMALY_SPOT_RATIO_OUTLIER) != 0;
}

/* One rule for a doubtful spot price, whatever the provider and the instance's other regions:
 * spot at 8.9 % of on-demand (within Google's "up to 91 %" off, rounded) is kept on Lambda,
 * where the other regions' spot is about 30 %, as on EC2, where it is the only region; at 8 %
 * it is flagged on both. */
static void
test_spot_ratio (void)
{
  static const char lambda_csv[] = "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,"
                                   "Price,Region,GpuInfo,SpotPrice\n"
                                   "gpu_1x_a10,A10,1,30,200,1.00,us-east-1,,0.30\n"
                                   "gpu_1x_a10,A10,1,30,200,1.00,us-west-1,,0.32\n"
                                   "gpu_1x_a10,A10,1,30,200,1.00,us-west-2,,0.34\n"
                                   "gpu_1x_a10,A10,1,30,200,1.00,us-south-1,,0.089\n"
                                   "gpu_1x_a10,A10,1,30,200,1.00,us-east-2,,0.08\n";
  static const char aws_csv[] =
      "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,SpotPrice,Region,"
      "AvailabilityZone\n"
      "g4dn.xlarge,T4,1.0,4.0,16.0,1.00,0.089,us-east-1,use1-az1\n"
      "g4dn.xlarge,T4,1.0,4.0,16.0,1.00,0.08,us-west-2,usw2-az1\n";
  g_autoptr(GpImportReport) lambda_report = gp_import_report_new ();
  g_autoptr(GpImportReport) aws_report = gp_import_report_new ();
  g_autoptr(GpCatalog) lambda = import_text (lambda_csv, lambda_report);
  g_autoptr(GpCatalog) aws = import_text (aws_csv, aws_report);
  g_autofree char *rule = gp_format_anomalies (GP_ANOMALY_SPOT_RATIO_OUTLIER);

  g_assert_false (ratio_flagged (lambda, "lambda/gpu_1x_a10", "us-south-1"));
  g_assert_false (ratio_flagged (aws, "aws-ec2/g4dn.xlarge", "us-east-1"));
  g_assert_true (ratio_flagged (lambda, "lambda/gpu_1x_a10", "us-east-2"));
  g_assert_true (ratio_flagged (aws, "aws-ec2/g4dn.xlarge", "us-west-2"));
  g_assert_false (ratio_flagged (lambda, "lambda/gpu_1x_a10", "us-east-1"));
  g_assert_true (has_note_in (lambda_report, "gpu_1x_a10 in us-east-2: spot 0.08 is 8.0 % of "
                                             "on-demand 1, under the 8.5 %"));
  g_assert_true (has_note_in (aws_report, "g4dn.xlarge in us-west-2: spot 0.08 is 8.0 %"));
  /* The flag says its rule. */
  g_assert_cmpstr (rule, ==,
                   "Spot under 8.5 % of on-demand: a saving beyond the 91 % that is "
                   "the most any provider states");
}

/* EC2 lists spot to 4 decimals and on-demand to 5: spot at AWS's cap reads a hair above or
 * below on-demand. Either is the cap: no usable spot in that zone, never "above on-demand",
 * and never an end of the spot range. */
static void
test_spot_cap_rounding (void)
{
  static const char csv[] =
      "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,SpotPrice,Region,"
      "AvailabilityZone\n"
      "g4dn.xlarge,T4,1.0,4.0,16.0,1.08547,1.0855,ca-central-1,cac1-az1\n"
      "g4dn.xlarge,T4,1.0,4.0,16.0,1.08547,0.6488,ca-central-1,cac1-az2\n"
      "p4d.24xlarge,A100,8.0,96.0,1152.0,30.09784,30.0978,ap-northeast-1,apne1-az1\n"
      "p4d.24xlarge,A100,8.0,96.0,1152.0,30.09784,16.0859,ap-northeast-1,apne1-az2\n";
  g_autoptr(GpImportReport) report = gp_import_report_new ();
  g_autoptr(GpCatalog) catalog = import_text (csv, report);
  GpOffer *above = gp_instance_find_offer (
      gp_catalog_find_instance (catalog, "aws-ec2/g4dn.xlarge"), "ca-central-1");
  GpOffer *below = gp_instance_find_offer (
      gp_catalog_find_instance (catalog, "aws-ec2/p4d.24xlarge"), "ap-northeast-1");

  g_assert_cmpint (gp_spot_compare_on_demand (1.0855, 1.08547), ==, 0);
  g_assert_cmpint (gp_spot_compare_on_demand (1.0857, 1.08547), >, 0);
  g_assert_cmpint (gp_spot_compare_on_demand (1.0853, 1.08547), <, 0);

  g_assert_false (gp_offer_get_anomalies (above) & GP_ANOMALY_SPOT_ABOVE_ON_DEMAND);
  g_assert_true (gp_offer_get_anomalies (above) & GP_ANOMALY_SPOT_EQUALS_ON_DEMAND);
  g_assert_false (gp_offer_is_doubtful (above, GP_ESTIMATE_PRICING_SPOT));
  g_assert_cmpfloat (gp_offer_get_spot_max (above), ==, 0.6488);
  g_assert_true (gp_offer_get_anomalies (below) & GP_ANOMALY_SPOT_EQUALS_ON_DEMAND);
  g_assert_cmpfloat (gp_offer_get_spot_min (below), ==, 16.0859);
  g_assert_cmpfloat (gp_offer_get_spot_max (below), ==, 16.0859);
}

static void
test_parse_values (void)
{
  double value;
  guint count;
  const char *problem;

  g_assert_true (gp_import_parse_price ("1.29", &value) && value == 1.29);
  g_assert_true (gp_import_parse_price ("", &value) && isnan (value));
  g_assert_true (gp_import_parse_price ("2e-3", &value) && value == 0.002);
  g_assert_false (gp_import_parse_price ("0x20", &value));
  /* Written out, 1e20 would be a layer the reader refuses, blocking every later refresh. */
  g_assert_false (gp_import_parse_price ("100000000000000000000", &value));
  g_assert_false (gp_import_parse_price ("-0.5", &value));
  g_assert_false (gp_import_parse_price ("NaN", &value));
  g_assert_false (gp_import_parse_price ("infinity", &value));
  g_assert_false (gp_import_parse_price ("1e400", &value));
  g_assert_false (gp_import_parse_price ("1.2.3", &value));
  g_assert_false (gp_import_parse_price ("1,5", &value));

  g_assert_true (gp_import_parse_count ("8.0", &count, &problem) && count == 8);
  g_assert_false (gp_import_parse_count ("4294967304", &count, &problem));
  g_assert_false (gp_import_parse_count ("0.5", &count, &problem));
  g_assert_false (gp_import_parse_count ("0", &count, &problem));
  g_assert_false (gp_import_parse_count ("0x8", &count, &problem));

  g_assert_cmpfloat (
      gp_import_parse_gpu_info_memory ("{'Gpus': [{'MemoryInfo': {'SizeInMiB': 16384}}]}"), ==, 16);
  g_assert_true (isnan (gp_import_parse_gpu_info_memory ("")));
}

static void
test_csv_reader (void)
{
  static const char text[] = "\xEF\xBB\xBF"
                             "a,\"b, with \"\"quotes\"\"\",\r\n"
                             "\n"
                             "\"multi\nline\",x,y\n"
                             "\"two\n\nbreaks\",last";
  g_autoptr(GpCsvReader) reader = gp_csv_reader_new (text, strlen (text), "t.csv");
  g_autoptr(GError) error = NULL;

  g_assert_true (gp_csv_reader_next (reader, &error));
  g_assert_cmpuint (gp_csv_reader_get_n_fields (reader), ==, 3);
  g_assert_cmpstr (gp_csv_reader_get (reader, 0), ==, "a");
  g_assert_cmpstr (gp_csv_reader_get (reader, 1), ==, "b, with \"quotes\"");
  g_assert_cmpstr (gp_csv_reader_get (reader, 2), ==, "");
  g_assert_null (gp_csv_reader_get (reader, 3));

  /* The blank line is skipped; a quoted field may hold a line break. */
  g_assert_true (gp_csv_reader_next (reader, &error));
  g_assert_cmpuint (gp_csv_reader_get_line (reader), ==, 3);
  g_assert_cmpstr (gp_csv_reader_get (reader, 0), ==, "multi\nline");
  g_assert_cmpstr (gp_csv_reader_get (reader, 2), ==, "y");

  /* Lines are counted inside quoted fields: the next row starts where the file says. */
  g_assert_true (gp_csv_reader_next (reader, &error));
  g_assert_cmpuint (gp_csv_reader_get_line (reader), ==, 5);
  g_assert_cmpstr (gp_csv_reader_get (reader, 0), ==, "two\n\nbreaks");
  g_assert_cmpstr (gp_csv_reader_get (reader, 1), ==, "last");

  g_assert_false (gp_csv_reader_next (reader, &error));
  g_assert_no_error (error);
}

/* A row longer than the reader's first buffer, of more fields than it first holds, and a
 * quoted field with doubled quotes across its end, comes out whole; the next row reuses the
 * room. */
static void
test_csv_reader_long_row (void)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) quoted = g_string_new (NULL);
  g_autoptr(GpCsvReader) reader = NULL;
  g_autoptr(GError) error = NULL;

  for (guint f = 0; f < 100; f++)
    g_string_append_printf (text, "field-%u,", f);
  for (guint i = 0; i < 200; i++)
    g_string_append (quoted, "ab\"");
  g_string_append_c (text, '"');
  for (guint i = 0; i < 200; i++)
    g_string_append (text, "ab\"\"");
  g_string_append (text, "\"\nshort,row\n");

  reader = gp_csv_reader_new (text->str, text->len, "long.csv");
  g_assert_true (gp_csv_reader_next (reader, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (gp_csv_reader_get_n_fields (reader), ==, 101);
  g_assert_cmpstr (gp_csv_reader_get (reader, 0), ==, "field-0");
  g_assert_cmpstr (gp_csv_reader_get (reader, 99), ==, "field-99");
  g_assert_cmpstr (gp_csv_reader_get (reader, 100), ==, quoted->str);

  g_assert_true (gp_csv_reader_next (reader, &error));
  g_assert_cmpuint (gp_csv_reader_get_n_fields (reader), ==, 2);
  g_assert_cmpstr (gp_csv_reader_get (reader, 1), ==, "row");
  g_assert_cmpuint (gp_csv_reader_get_line (reader), ==, 2);
  g_assert_false (gp_csv_reader_next (reader, &error));
  g_assert_no_error (error);
}

static GBytes *
azure_page (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "azure", name, NULL);
  gchar *contents;
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  return g_bytes_new_take (contents, length);
}

static void
test_azure_retail (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GPtrArray) pages = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autoptr(GpImportReport) report = gp_import_report_new ();
  g_autoptr(GBytes) layer = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonArray) items = NULL;
  g_autofree char *next = NULL;
  g_autoptr(GBytes) first = azure_page ("page1.json");
  GpInstance *nc;
  GpOffer *o;

  /* The first page names the next one; the last names none. */
  g_assert_true (gp_azure_page_parse (first, "p1", &items, &next, &error));
  g_assert_cmpstr (next, ==, "PAGE2");
  g_assert_cmpuint (json_array_get_length (items), ==, 5);

  g_ptr_array_add (pages, azure_page ("page1.json"));
  g_ptr_array_add (pages, azure_page ("page2.json"));
  g_ptr_array_add (pages, azure_page ("empty.json"));
  layer = gp_azure_import (catalog, pages, "azure", NULL, "2026-12-01", report, &error);
  g_assert_no_error (error);
  g_assert_true (gp_catalog_add_layer (catalog, layer, "azure.json", GP_CATALOG_LAYER_REFRESHED,
                                       &error));
  g_assert_no_error (error);

  nc = gp_catalog_find_instance (catalog, "azure-ml/Standard_NC24ads_A100_v4");
  o = gp_instance_find_offer (nc, "eastus");
  /* Linux pay as you go; the Windows row (4.557) and the Dev/Test row (2.9) left out. */
  g_assert_cmpfloat (gp_offer_get_on_demand (o), ==, 3.673);
  /* Spot 0.444433 and low priority 0.7346 as the preemptible range. */
  g_assert_cmpfloat (gp_offer_get_spot_min (o), ==, 0.444433);
  g_assert_cmpfloat (gp_offer_get_spot_max (o), ==, 0.7346);
  /* Reservations are whole-term prices: 19286 ÷ 8760 h and 37020 ÷ 26280 h. */
  g_assert_cmpfloat_with_epsilon (gp_offer_get_reserved_1y (o), 19286.0 / 8760, 1e-9);
  g_assert_cmpfloat_with_epsilon (gp_offer_get_reserved_3y (o), 37020.0 / 26280, 1e-9);

  /* A new region comes with the provider; unknown VM sizes and non-GPU VMs are skipped. */
  g_assert_nonnull (gp_instance_find_offer (gp_catalog_find_instance (catalog,
                                                                      "azure-ml/Standard_NC6s_v3"),
                                            "southcentralus"));
  g_assert_null (gp_catalog_find_instance (catalog, "azure-ml/Standard_NV6"));
  g_assert_null (gp_catalog_find_instance (catalog, "azure-ml/Standard_D2s_v3"));
  g_assert_cmpuint (report->rows, ==, 10);
  g_assert_cmpuint (report->imported + report->skipped, ==, report->rows);
  {
    guint count;

    g_assert_cmpstr (gp_import_report_get_reason (report, 0, &count), ==, "a Windows price");
    g_assert_cmpuint (count, ==, 1);
  }

  /* A reservation item with no term is a price of nothing: skipped and counted, and no offer
   * without figures comes of it to replace a bundled one. */
  {
    static const char no_term[] =
        "{\"Items\": [{\"serviceName\": \"Virtual Machines\", \"armSkuName\": "
        "\"Standard_NC4as_T4_v3\","
        " \"armRegionName\": \"westus2\", \"type\": \"Reservation\", \"skuName\": \"NC4as T4 v3\","
        " \"productName\": \"Virtual Machines NCasT4_v3 Series\", \"retailPrice\": 4000,"
        " \"unitOfMeasure\": \"1 Hour\", \"currencyCode\": \"USD\"}]}";
    g_autoptr(GpCatalog) fresh = gp_catalog_new_bundled ();
    g_autoptr(GpImportReport) term_report = gp_import_report_new ();
    g_autoptr(GPtrArray) term_pages =
        g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
    g_autoptr(GBytes) term_layer = NULL;
    GpInstance *t4 = gp_catalog_find_instance (fresh, "azure-ml/Standard_NC4as_T4_v3");
    double before = gp_offer_get_on_demand (gp_instance_find_offer (t4, "westus2"));
    guint count;

    g_ptr_array_add (term_pages, g_bytes_new_static (no_term, sizeof no_term - 1));
    term_layer = gp_azure_import (fresh, term_pages, "azure", NULL, "2026-12-01", term_report,
                                  &error);
    g_assert_cmpuint (term_report->skipped, ==, 1);
    g_assert_cmpstr (gp_import_report_get_reason (term_report, 0, &count), ==,
                     "a reservation with no 1- or 3-year term");
    if (term_layer != NULL)
      g_assert_true (gp_catalog_add_layer (fresh, term_layer, "azure.json",
                                           GP_CATALOG_LAYER_REFRESHED, NULL));
    g_clear_error (&error);
    t4 = gp_catalog_find_instance (fresh, "azure-ml/Standard_NC4as_T4_v3");
    g_assert_cmpfloat (gp_offer_get_on_demand (gp_instance_find_offer (t4, "westus2")), ==, before);
  }

  /* Not the API's shape: a clear error. */
  g_ptr_array_set_size (pages, 0);
  g_ptr_array_add (pages, g_bytes_new_static ("{\"items\": []}", 13));
  g_clear_pointer (&layer, g_bytes_unref);
  layer = gp_azure_import (catalog, pages, "azure", NULL, "2026-12-01", NULL, &error);
  g_assert_null (layer);
  g_assert_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT);
  g_assert_nonnull (strstr (error->message, "azure, page 1: not an Azure Retail Prices page"));
}

static void
test_azure_prices_url (void)
{
  g_autoptr(GpCatalog) bundled = gp_catalog_new_bundled ();
  g_autoptr(GpCatalog) empty = gp_catalog_new ();
  g_autofree char *url = gp_azure_prices_url (bundled);
  g_autofree char *filter = NULL;

  /* The bundled catalog's Azure ML sizes and regions, and nothing of other providers. */
  g_assert_true (g_str_has_prefix (url, GP_AZURE_PRICES_API "?$filter="));
  filter = g_uri_unescape_string (url + strlen (GP_AZURE_PRICES_API "?$filter="), NULL);
  g_test_message ("%s", filter);
  g_assert_true (g_str_has_prefix (filter, "serviceName eq 'Virtual Machines' and ("));
  g_assert_nonnull (strstr (filter, "armSkuName eq 'Standard_NC24ads_A100_v4'"));
  g_assert_nonnull (strstr (filter, "armSkuName eq 'Standard_ND96isr_H100_v5'"));
  g_assert_nonnull (strstr (filter, ") and (armRegionName eq 'eastus' or "));
  g_assert_null (strstr (filter, "gpu_1x"));
  g_assert_null (strstr (url, " "));

  /* Sorted, so that the address, and with it the saved ETag state, is the same every time. */
  g_assert_true (strstr (filter, "Standard_NC24ads_A100_v4") < strstr (filter, "Standard_NC6s_v3"));

  g_assert_null (gp_azure_prices_url (empty));
}

/* A file that cannot say one thing is refused whole, naming the line: two columns of one name
 * (which is the price?), text after a quoted field's closing quote (which is the id?). */
static void
test_ambiguous_csv (void)
{
  static const struct
  {
    const char *csv;
    const char *message;
  } cases[] = {
    { "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,"
      "SpotPrice,Price\n"
      "gpu_1x_a10,A10,1,30,200,1.29,us-east-1,,,0.01\n",
      "x.csv:1: the column “Price” appears twice (columns 6 and 10)" },
    { "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,"
      "SpotPrice\n"
      "\"p4d.24xlarge\"x,A10,1,30,200,1.29,us-east-1,,\n",
      "x.csv:2: text after a quoted field's closing quote" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
      g_autoptr(GBytes) bytes = g_bytes_new_static (cases[i].csv, strlen (cases[i].csv));
      g_autoptr(GpImportReport) report = gp_import_report_new ();
      g_autoptr(GError) error = NULL;
      g_autoptr(GBytes) layer =
          gp_skypilot_import (catalog, bytes, "x.csv", NULL, "2026-01-01", report, &error);

      g_assert_null (layer);
      g_assert_nonnull (error);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

/* The clouds labs compare beyond the hyperscalers share Lambda's columns (RunPod adds zones):
 * each file is its provider's by its name, never Lambda's, and its GPUs are the catalog's. */
static void
test_neoclouds (void)
{
  {
    g_auto(Imported) imported = { NULL };
    GpInstance *h100;
    GpOffer *offer;

    import_fixture (&imported, "nebius_v8_sample.csv");
    h100 = gp_catalog_find_instance (imported.catalog, "nebius/gpu-h100-sxm_8gpu-128vcpu-1600gb");
    g_assert_nonnull (h100);
    g_assert_cmpstr (gp_gpu_get_id (gp_instance_get_gpu (h100)), ==, "h100-sxm5-80gb");
    g_assert_cmpuint (gp_instance_get_gpu_count (h100), ==, 8);
    offer = gp_instance_find_offer (h100, "eu-north1");
    g_assert_cmpfloat (gp_offer_get_on_demand (offer), ==, 23.60);
    g_assert_cmpfloat (gp_offer_get_spot_min (offer), ==, 10.00);
    /* Four GPU types in three regions; the CPU machine is not an offer. */
    g_assert_cmpuint (imported.report->offers, ==, 5);
    g_assert_null (
        gp_catalog_find_instance (imported.catalog, "lambda/gpu-h100-sxm_1gpu-16vcpu-200gb"));
  }
  {
    g_auto(Imported) imported = { NULL };
    GpInstance *h200;

    import_fixture (&imported, "verda_v8_sample.csv");
    h200 = gp_catalog_find_instance (imported.catalog, "verda/1H200.141S.44V");
    g_assert_nonnull (h200);
    g_assert_cmpstr (gp_gpu_get_id (gp_instance_get_gpu (h200)), ==, "h200");
    g_assert_nonnull (gp_instance_find_offer (h200, "FIN-02"));
    g_assert_nonnull (gp_instance_find_offer (h200, "FIN-03"));
    g_assert_cmpfloat (gp_offer_get_on_demand (gp_instance_find_offer (h200, "FIN-03")), ==, 3.39);
    /* A size with a spot price only is no offer (the loader warned of spot above "nan"). */
    g_assert_null (gp_catalog_find_instance (imported.catalog, "verda/2B300.60V"));
    g_assert_cmpuint (imported.report->skipped, ==, 2);
  }
  {
    g_auto(Imported) imported = { NULL };
    GpInstance *a100;

    /* RunPod's data centres are zones of a country: the country is the region. */
    import_fixture (&imported, "runpod_v8_sample.csv");
    a100 = gp_catalog_find_instance (imported.catalog, "runpod/1x_A100-80GB_SECURE");
    g_assert_nonnull (a100);
    g_assert_nonnull (gp_instance_find_offer (a100, "SE"));
    g_assert_null (gp_instance_find_offer (a100, "EU-SE-1"));
    g_assert_cmpfloat (gp_offer_get_on_demand (gp_instance_find_offer (a100, "CZ")), ==, 1.39);
  }
  {
    g_auto(Imported) imported = { NULL };

    /* A row without a region is skipped, not guessed. */
    import_fixture (&imported, "seeweb_v8_sample.csv");
    g_assert_nonnull (gp_catalog_find_instance (imported.catalog, "seeweb/ECS1GPU10"));
    g_assert_null (gp_catalog_find_instance (imported.catalog, "seeweb/ECS8GPU10"));
  }
  {
    g_auto(Imported) imported = { NULL };
    GpInstance *sxm;

    import_fixture (&imported, "hyperstack_v8_sample.csv");
    sxm = gp_catalog_find_instance (imported.catalog, "hyperstack/n3-H100-SXM5x8");
    g_assert_nonnull (sxm);
    g_assert_cmpuint (gp_instance_get_gpu_count (sxm), ==, 8);
    g_assert_nonnull (gp_instance_find_offer (sxm, "US-1"));
  }
}

/* Vast.ai is a marketplace: a row is a host, placed "Denmark, DK, EU"; the country code is the
 * region, the cheapest host of a type there its price, and a place with no country code is
 * skipped, not guessed. */
static void
test_vast (void)
{
  g_auto(Imported) imported = { NULL };
  GpInstance *rtx5090, *h100;
  GpOffer *denmark;

  import_fixture (&imported, "vast_v8_sample.csv");
  rtx5090 = gp_catalog_find_instance (imported.catalog, "vast/1x-RTX_5090-32-65536");
  g_assert_nonnull (rtx5090);
  g_assert_cmpstr (gp_provider_get_id (gp_instance_get_provider (rtx5090)), ==, "vast");
  denmark = gp_instance_find_offer (rtx5090, "DK");
  g_assert_nonnull (denmark);
  g_assert_cmpfloat (gp_offer_get_on_demand (denmark), ==, 0.44);
  /* "0.00" is no interruptible price. */
  g_assert_true (isnan (gp_offer_get_spot_min (denmark)));
  g_assert_nonnull (gp_instance_find_offer (rtx5090, "CA"));
  g_assert_nonnull (gp_instance_find_offer (rtx5090, "KR"));
  g_assert_null (gp_instance_find_offer (rtx5090, "Denmark, DK, EU"));
  /* The region is named as the catalog names the country. */
  {
    g_autofree char *label = gp_offer_dup_region_label (denmark);

    g_assert_nonnull (strstr (label, "Denmark"));
  }
  h100 = gp_catalog_find_instance (imported.catalog, "vast/2x-H100_SXM-32-65536");
  g_assert_nonnull (h100);
  g_assert_cmpuint (gp_instance_get_gpu_count (h100), ==, 2);
  g_assert_cmpfloat (gp_offer_get_on_demand (gp_instance_find_offer (h100, "KR")), ==, 3.74);
  g_assert_null (gp_catalog_find_instance (imported.catalog, "vast/1x-RTX_4090-16-32768"));
  g_assert_cmpuint (imported.report->skipped, ==, 1);
}

/* OCI: GPU shapes by region, its availability domains reduced to the region, its preemptible
 * price as spot; the flexible CPU shapes (whose names are no ids) skipped as CPU machines. */
static void
test_oci (void)
{
  g_auto(Imported) imported = { NULL };
  GpInstance *h100, *v100;

  import_fixture (&imported, "oci_v8_sample.csv");
  h100 = gp_catalog_find_instance (imported.catalog, "oci/BM.GPU.H100.8");
  g_assert_nonnull (h100);
  g_assert_cmpuint (gp_instance_get_gpu_count (h100), ==, 8);
  g_assert_cmpfloat (gp_offer_get_on_demand (gp_instance_find_offer (h100, "us-ashburn-1")), ==,
                     80);
  g_assert_nonnull (gp_instance_find_offer (h100, "eu-frankfurt-1"));
  g_assert_null (gp_instance_find_offer (h100, "US-ASHBURN-1-AD-2"));
  v100 = gp_catalog_find_instance (imported.catalog, "oci/VM.GPU3.1");
  g_assert_nonnull (v100);
  g_assert_cmpfloat (gp_offer_get_spot_min (gp_instance_find_offer (v100, "eu-frankfurt-1")), ==,
                     1.475);
  /* Six offers of four shapes; the CPU shape is no offer and no complaint. */
  g_assert_cmpuint (imported.report->offers, ==, 6);
  for (guint i = 0; imported.report->notes != NULL && i < imported.report->notes->len; i++)
    g_assert_null (strstr (g_ptr_array_index (imported.report->notes, i), "Flex"));
}

/* Cudo: Lambda's columns, its regions named by their city. */
static void
test_cudo (void)
{
  g_auto(Imported) imported = { NULL };
  GpInstance *h100;

  import_fixture (&imported, "cudo_v8_sample.csv");
  h100 = gp_catalog_find_instance (imported.catalog, "cudo/sapphire-rapids-h100_1x2v4gb");
  g_assert_nonnull (h100);
  g_assert_cmpstr (gp_provider_get_id (gp_instance_get_provider (h100)), ==, "cudo");
  g_assert_cmpuint (gp_instance_get_gpu_count (h100), ==, 1);
  g_assert_cmpfloat (gp_offer_get_on_demand (gp_instance_find_offer (h100, "ca-montreal-3")), ==,
                     2.5354);
  g_assert_cmpfloat_with_epsilon (
      gp_offer_get_on_demand (gp_instance_find_offer (h100, "no-kristiansand-1")), 1.8214, 1e-9);
  g_assert_cmpuint (imported.report->offers, ==, 7);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/skypilot/ambiguous-csv", test_ambiguous_csv);
  g_test_add_func ("/skypilot/aws", test_aws);
  g_test_add_func ("/skypilot/aws-without-arch", test_aws_without_arch);
  g_test_add_func ("/skypilot/gcp", test_gcp);
  g_test_add_func ("/skypilot/azure", test_azure);
  g_test_add_func ("/skypilot/lambda", test_lambda);
  g_test_add_func ("/skypilot/neoclouds", test_neoclouds);
  g_test_add_func ("/skypilot/vast", test_vast);
  g_test_add_func ("/skypilot/oci", test_oci);
  g_test_add_func ("/skypilot/cudo", test_cudo);
  g_test_add_func ("/skypilot/csv-reader", test_csv_reader);
  g_test_add_func ("/skypilot/csv-reader-long-row", test_csv_reader_long_row);
  g_test_add_func ("/skypilot/hostile-text-written", test_hostile_text_written);
  g_test_add_func ("/skypilot/empty-region", test_empty_region);
  g_test_add_func ("/skypilot/bad-values", test_bad_values);
  g_test_add_func ("/skypilot/parse-values", test_parse_values);
  g_test_add_func ("/skypilot/spot-ratio", test_spot_ratio);
  g_test_add_func ("/skypilot/spot-cap-rounding", test_spot_cap_rounding);
  g_test_add_func ("/azure/retail", test_azure_retail);
  g_test_add_func ("/azure/prices-url", test_azure_prices_url);
  for (guint i = 0; i < G_N_ELEMENTS (bad_csvs); i++)
    {
      g_autofree char *path = g_strdup_printf ("/skypilot/bad/%s", bad_csvs[i].name);
      g_test_add_data_func (path, &bad_csvs[i], test_bad_csv);
    }

  return g_test_run ();
}
