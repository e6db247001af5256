/* test-budget.c — hybrid plans: their file, their costs, and the grant budget made of them
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The plan of tests/fixtures/plan.json on tests/fixtures/plan-catalog.json, by hand:
 * - Prototype: 10 GPU-hours on the lab's box, bought for the project: 10,000 USD of
 *   equipment; running it costs its electricity, 0.5 kW × 0.2 USD = 0.1 USD an hour, 1 USD.
 * - Final run: 100 GPU-hours on spot in r1; the 100 GB dataset moves there from the lab, with
 *   no egress, in 100 × 8000 / 100 / 3600 = 2.22 hours.
 * - Ablations: 50 GPU-hours on demand in r2: 50 × 2 USD = 100 USD; the dataset moves from r1,
 *   paying r1's egress, 100 GB × 0.1 USD = 10 USD.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "gp-budget-pdf.h"
#include "gp-budget.h"
#include "gp-catalog.h"
#include "gp-csv.h"
#include "gp-format.h"

static GpCatalog *
plan_catalog (void)
{
  GpCatalog *catalog = gp_catalog_new_bundled ();
  g_autofree char *path =
      g_test_build_filename (G_TEST_DIST, "fixtures", "plan-catalog.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  gp_catalog_add_layer_from_file (catalog, file, GP_CATALOG_LAYER_EXTRA, &error);
  g_assert_no_error (error);
  return catalog;
}

static GpProject *
load_plan (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "plan.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  GpProject *project = gp_project_load (file, &error);

  g_assert_no_error (error);
  return project;
}

static void
test_plan_file (void)
{
  g_autoptr(GpProject) project = load_plan ();
  g_autoptr(GpProject) again = NULL;
  g_autofree char *json = NULL, *json_again = NULL;
  g_autoptr(GError) error = NULL;
  GpPhase *phase;

  g_assert_cmpstr (project->title, ==, "Test project");
  g_assert_cmpstr (project->start, ==, "2027-01-01");
  g_assert_cmpfloat (project->contingency_pct, ==, 10);
  g_assert_cmpuint (project->phases->len, ==, 3);
  phase = g_ptr_array_index (project->phases, 0);
  g_assert_true (phase->purchase);
  g_assert_cmpstr (phase->notes, ==, "small runs first");
  g_assert_cmpint (phase->pricing, ==, GP_ESTIMATE_PRICING_ON_DEMAND);
  phase = g_ptr_array_index (project->phases, 1);
  g_assert_cmpint (phase->pricing, ==, GP_ESTIMATE_PRICING_SPOT);
  g_assert_cmpstr (phase->region, ==, "r1");

  /* Written and read again, it is the same plan. */
  json = gp_project_to_json (project);
  again = gp_project_load_from_data (json, -1, "again.json", &error);
  g_assert_no_error (error);
  json_again = gp_project_to_json (again);
  g_assert_cmpstr (json, ==, json_again);
}

/* Every mistake is named by the file and the value's path. */
static void
test_plan_errors (void)
{
  static const struct
  {
    const char *text;
    const char *message;
  } cases[] = {
    { "{\"plan_version\":1,\"title\":\"x\",\"phases\":[{\"name\":\"a\",\"gpu_hours\":-5,"
      "\"instance\":\"lab/box\"}]}",
      "bad.json: phases[0].gpu_hours: must be more than 0" },
    { "{\"plan_version\":1,\"title\":\"x\",\"phases\":[{\"name\":\"a\",\"gpu_hours\":5,"
      "\"instance\":\"lab/box\",\"pricing\":\"cheap\"}]}",
      "bad.json: phases[0].pricing: “cheap” is not" },
    { "{\"plan_version\":1,\"title\":\"x\",\"phases\":[]}", "bad.json: phases: a plan needs" },
    { "{\"plan_version\":1,\"title\":\"x\",\"start\":\"2027-05-01\",\"end\":\"2027-01-01\","
      "\"phases\":[{\"name\":\"a\",\"gpu_hours\":5,\"instance\":\"lab/box\"}]}",
      "bad.json: end: before the start" },
    { "{\"plan_version\":1,\"title\":\"x\",\"start\":\"2027-13-45\",\"phases\":[]}",
      "bad.json: start: expected a date as YYYY-MM-DD" },
    { "{\"title\":\"x\",\"phases\":[]}", "bad.json: plan_version: missing" },
    { "{\"plan_version\":1,\"title\":\"x\",\"phases\":[{\"name\":\"a\",\"instance\":\"b\"}]}",
      "bad.json: phases[0].gpu_hours: required field is missing" },
    { "{\"plan_version\":1,\"title\":\"x\",\"contingency_pct\":150,\"phases\":[]}",
      "bad.json: contingency_pct: must be from 0 to 100" },
    { "{\"plan_version\":1,\"title\":", "bad.json" },
    /* A typo is refused, naming what it meant, instead of dropping a line of the budget. */
    { "{\"plan_version\":1,\"title\":\"x\",\"phases\":[{\"name\":\"a\",\"gpu_hour\":5,"
      "\"instance\":\"lab/box\"}]}",
      "bad.json: phases[0].gpu_hour: unknown field; did you mean “gpu_hours”?" },
    { "{\"plan_version\":1,\"titel\":\"x\",\"phases\":[]}",
      "bad.json: titel: unknown field; did you mean “title”?" },
    /* Ids only as ids, names only as printable text, dates of the calendar. */
    { "{\"plan_version\":1,\"title\":\"x\",\"phases\":[{\"name\":\"a\",\"gpu_hours\":5,"
      "\"instance\":\"lab/$(touch F)\"}]}",
      "bad.json: phases[0].instance: holds “$” (U+0024)" },
    { "{\"plan_version\":1,\"title\":\"x\\u001b[2J\",\"phases\":[]}",
      "bad.json: title: holds U+001B, a control character" },
    { "{\"plan_version\":1,\"title\":\"x\",\"start\":\"2026-02-30\",\"phases\":[]}",
      "bad.json: start: expected a date as YYYY-MM-DD" },
    { "{\"plan_version\":1,\"title\":\"x\\ud800\",\"phases\":[]}", "bad.json" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GpProject) project =
          gp_project_load_from_data (cases[i].text, -1, "bad.json", &error);

      g_assert_null (project);
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      g_assert_true (g_str_has_prefix (error->message, cases[i].message));
    }
}

static void
test_plan_cost (void)
{
  g_autoptr(GpCatalog) catalog = plan_catalog ();
  g_autoptr(GpProject) project = load_plan ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GpProjectCost) cost = gp_project_cost_new (catalog, project, NULL, &error);
  GpPhaseCost *prototype, *final, *ablations;
  double sum = 0, hours = 0;

  g_assert_no_error (error);
  g_assert_cmpstr (cost->currency, ==, "USD");
  g_assert_cmpuint (cost->phases->len, ==, 3);
  prototype = g_ptr_array_index (cost->phases, 0);
  final = g_ptr_array_index (cost->phases, 1);
  ablations = g_ptr_array_index (cost->phases, 2);

  g_assert_true (prototype->owned);
  g_assert_cmpfloat_with_epsilon (prototype->equipment, 10000, 1e-6);
  /* Its capital is the equipment; using it costs its electricity only. */
  g_assert_cmpfloat_with_epsilon (prototype->compute, 10 * 0.1, 1e-6);
  g_assert_cmpfloat (prototype->move_gb, ==, 0);

  g_assert_false (final->owned);
  g_assert_cmpfloat (final->equipment, ==, 0);
  g_assert_cmpfloat (final->move_gb, ==, 100);
  g_assert_cmpfloat_with_epsilon (final->move_hours, 100.0 * 8000 / 100 / 3600, 1e-9);
  g_assert_cmpfloat (final->move_egress, ==, 0);
  g_assert_cmpfloat (final->interruptions, >, 0);

  g_assert_cmpfloat_with_epsilon (ablations->compute, 50 * 2.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (ablations->move_egress, 100 * 0.1, 1e-9);
  g_assert_cmpfloat (cost->moved_gb, ==, 200);

  for (guint i = 0; i < cost->phases->len; i++)
    {
      GpPhaseCost *phase = g_ptr_array_index (cost->phases, i);

      sum += gp_phase_cost_total (phase);
      hours += phase->hours + phase->move_hours;
    }
  g_assert_cmpfloat_with_epsilon (cost->total, sum, 1e-9);
  g_assert_cmpfloat_with_epsilon (cost->hours, hours, 1e-9);
  g_assert_cmpfloat (cost->hours, >=, 10 + 100 + 50);
  /* Every price's source, the egress's included. */
  for (guint i = 0; i < cost->sources->len; i++)
    g_test_message ("source: %s", gp_source_get_title (g_ptr_array_index (cost->sources, i)));
  g_assert_cmpuint (cost->sources->len, ==, 3);
}

/* The hours and cost of @gpu_hours counted on @reference_gpu, estimated alone on @instance in
 * @region, on demand: what `estimate` says of that job. */
static GpEstimate *
estimate_alone (GpCatalog   *catalog,
                double       gpu_hours,
                const char  *reference_gpu,
                GpPrecision  precision,
                const char  *instance,
                const char  *region)
{
  g_autoptr(GpWorkload) job = gp_workload_new ();
  const char *providers[] = { NULL, NULL };
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GError) error = NULL;
  GpInstance *found = gp_catalog_find_instance (catalog, instance);

  g_assert_nonnull (found);
  providers[0] = gp_provider_get_id (gp_instance_get_provider (found));
  gp_workload_set_gpu_hours (job, gpu_hours);
  gp_workload_set_reference_gpu (job, reference_gpu);
  gp_workload_set_precision (job, precision);
  gp_workload_set_providers (job, providers);
  gp_workload_set_gpus (job, 0);
  list = gp_estimate_list_new_for_instance (catalog, job, found, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (list)); i++)
    {
      g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (list), i);

      if (gp_estimate_get_pricing (estimate) == GP_ESTIMATE_PRICING_ON_DEMAND &&
          g_strcmp0 (gp_offer_get_region_id (gp_estimate_get_offer (estimate)), region) == 0)
        return g_steal_pointer (&estimate);
    }
  g_assert_not_reached ();
}

/* Each phase is counted on the GPU its hours were counted on, in whichever order the phases
 * come: an H100's 2,000 GPU-hours after an L4's exploration are not read as L4 hours. Each
 * phase's hours and cost are those of its job estimated alone. */
/* A plan's emissions, per phase and in all, as the plan window and the budget say them: by hand
 * from the fixture's figures (Google's 2024 grids and PUEs), 400 W × 8 GPUs × the hours × PUE ×
 * the grid; a phase in a region of no figures is not estimated and left out of the sum. */
static void
test_plan_emissions (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autofree char *layer =
      g_test_build_filename (G_TEST_DIST, "fixtures", "carbon-catalog.json", NULL);
  g_autofree char *plan = g_test_build_filename (G_TEST_DIST, "fixtures", "carbon-plan.json", NULL);
  g_autoptr(GFile) layer_file = g_file_new_for_path (layer);
  g_autoptr(GFile) plan_file = g_file_new_for_path (plan);
  g_autoptr(GError) error = NULL;
  g_autoptr(GpProject) project = NULL;
  g_autoptr(GpProjectCost) cost = NULL;
  const double pue[] = { 1.13, 1.09 }, grid[] = { 439.29, 39.32 };
  g_autofree char *in_all = NULL, *check = NULL, *total_text = NULL, *expected = NULL;
  double total = 0, co2e_kg;
  guint unknown;

  gp_catalog_add_layer_from_file (catalog, layer_file, GP_CATALOG_LAYER_EXTRA, &error);
  g_assert_no_error (error);
  project = gp_project_load (plan_file, &error);
  g_assert_no_error (error);
  cost = gp_project_cost_new (catalog, project, NULL, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < 2; i++)
    {
      GpPhaseCost *phase = g_ptr_array_index (cost->phases, i);
      double hours = gp_estimate_get_wall_hours (phase->estimate);
      double by_hand = 0.4 * 8 * hours * pue[i] * grid[i] / 1000;
      g_autofree char *text = gp_phase_cost_dup_emissions (phase);
      g_autofree char *figure = gp_format_number (by_hand, 1);

      g_assert_cmpfloat (fabs (gp_estimate_get_emissions (phase->estimate)->co2e_kg / by_hand - 1),
                         <, 0.01);
      g_assert_true (g_str_has_prefix (text, figure));
      g_assert_nonnull (strstr (text, i == 0 ? "(grid zone TW, 2024)" : "(grid zone FI, 2024)"));
      total += gp_estimate_get_emissions (phase->estimate)->co2e_kg;
    }
  check = gp_phase_cost_dup_emissions (g_ptr_array_index (cost->phases, 2));
  g_assert_cmpstr (check, ==, "not estimated (no data-sheet power or PUE)");

  gp_project_cost_sum_emissions (cost, &co2e_kg, &unknown);
  g_assert_cmpfloat_with_epsilon (co2e_kg, total, 1e-9);
  g_assert_cmpuint (unknown, ==, 1);
  in_all = gp_project_cost_dup_emissions (cost);
  total_text = gp_format_number (total, 1);
  expected = g_strdup_printf ("In all: %s kgCO2e, and 1 phase not estimated", total_text);
  g_assert_cmpstr (in_all, ==, expected);
}

static void
test_plan_phase_reference_gpu (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autofree char *path =
      g_test_build_filename (G_TEST_DIST, "fixtures", "plan-two-gpus.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GpProject) project = gp_project_load (file, &error);
  g_autoptr(GpEstimate) exploration =
      estimate_alone (catalog, 100, "l4", GP_PRECISION_FP16, "gcp/g2-standard-4", "us-central1");
  g_autoptr(GpEstimate) training = estimate_alone (
      catalog, 2000, "h100-sxm5-80gb", GP_PRECISION_FP16, "lambda/gpu_8x_h100_sxm5", "us-east-1");

  g_assert_no_error (error);
  g_assert_null (((GpPhase *) g_ptr_array_index (project->phases, 0))->reference_gpu);
  g_assert_cmpstr (((GpPhase *) g_ptr_array_index (project->phases, 1))->reference_gpu, ==,
                   "h100-sxm5-80gb");
  for (guint order = 0; order < 2; order++)
    {
      g_autoptr(GpProjectCost) cost = NULL;
      const GpPhaseCost *l4_phase, *h100_phase;

      if (order == 1)
        {
          /* The other way round: the H100 phase first, its GPU the plan's, the L4 phase
           * naming its own. */
          GpPhase *first = g_ptr_array_steal_index (project->phases, 0);

          g_ptr_array_add (project->phases, first);
          g_free (project->reference_gpu);
          project->reference_gpu = g_strdup ("h100-sxm5-80gb");
          g_clear_pointer (&((GpPhase *) g_ptr_array_index (project->phases, 0))->reference_gpu,
                           g_free);
          first->reference_gpu = g_strdup ("l4");
        }
      cost = gp_project_cost_new (catalog, project, NULL, &error);
      g_assert_no_error (error);
      l4_phase = g_ptr_array_index (cost->phases, order == 0 ? 0 : 1);
      h100_phase = g_ptr_array_index (cost->phases, order == 0 ? 1 : 0);
      g_assert_cmpstr (l4_phase->phase->name, ==, "Exploration");
      g_assert_cmpfloat_with_epsilon (l4_phase->hours, gp_estimate_get_wall_hours (exploration),
                                      1e-9);
      g_assert_cmpfloat_with_epsilon (gp_phase_cost_total (l4_phase),
                                      gp_estimate_get_total_cost (exploration), 1e-9);
      g_assert_cmpfloat_with_epsilon (h100_phase->hours, gp_estimate_get_wall_hours (training),
                                      1e-9);
      g_assert_cmpfloat_with_epsilon (gp_phase_cost_total (h100_phase),
                                      gp_estimate_get_total_cost (training), 1e-9);
      /* 2,000 H100 hours on eight H100s: more than 250 hours, not the few an L4's would be. */
      g_assert_cmpfloat (h100_phase->hours, >=, 2000.0 / 8);
    }

  /* Written and read again, each phase keeps its GPU; a plan without one reads as before. */
  {
    g_autofree char *json = gp_project_to_json (project);
    g_autoptr(GpProject) again = gp_project_load_from_data (json, -1, "again.json", &error);

    g_assert_no_error (error);
    g_assert_cmpstr (((GpPhase *) g_ptr_array_index (again->phases, 1))->reference_gpu, ==, "l4");
    g_assert_null (((GpPhase *) g_ptr_array_index (again->phases, 0))->reference_gpu);
  }
}

/* A phase keeps the job it came from: its figures beyond the hours (here FP32, which makes
 * an L4's hours twice as many on an H100 as in FP16) are read back, written again, and cost
 * the phase what the job alone costs; a job of the defaults is none. Mistakes in it are named
 * by their path. */
static void
test_plan_phase_job (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  static const char plan[] =
      "{\"plan_version\":1,\"title\":\"x\",\"reference_gpu\":\"l4\",\"phases\":["
      "{\"name\":\"a\",\"gpu_hours\":100,\"instance\":\"lambda/gpu_1x_h100_sxm5\","
      "\"region\":\"us-east-1\",\"job\":{\"precision\":\"fp32\",\"batch_size\":8}}]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(GpProject) project = gp_project_load_from_data (plan, -1, "job.json", &error);
  g_autoptr(GpEstimate) fp32 = estimate_alone (catalog, 100, "l4", GP_PRECISION_FP32,
                                                "lambda/gpu_1x_h100_sxm5", "us-east-1");
  g_autoptr(GpEstimate) fp16 = estimate_alone (catalog, 100, "l4", GP_PRECISION_FP16,
                                                "lambda/gpu_1x_h100_sxm5", "us-east-1");
  g_autoptr(GpProjectCost) cost = NULL;
  const GpPhaseCost *phase;

  g_assert_no_error (error);
  cost = gp_project_cost_new (catalog, project, NULL, &error);
  g_assert_no_error (error);
  phase = g_ptr_array_index (cost->phases, 0);
  g_assert_cmpfloat (gp_estimate_get_wall_hours (fp32), >, gp_estimate_get_wall_hours (fp16));
  g_assert_cmpfloat_with_epsilon (phase->hours, gp_estimate_get_wall_hours (fp32), 1e-9);
  g_assert_cmpfloat_with_epsilon (gp_phase_cost_total (phase), gp_estimate_get_total_cost (fp32),
                                  1e-9);

  /* Written as read. */
  {
    g_autofree char *json = gp_project_to_json (project);
    g_autoptr(GpProject) again = gp_project_load_from_data (json, -1, "again.json", &error);
    g_autofree char *json_again = NULL;

    g_assert_no_error (error);
    g_assert_nonnull (strstr (json, "\"job\": {"));
    g_assert_nonnull (strstr (json, "\"precision\": \"fp32\""));
    g_assert_nonnull (strstr (json, "\"batch_size\": 8"));
    json_again = gp_project_to_json (again);
    g_assert_cmpstr (json, ==, json_again);
  }

  /* An estimate's job keeps what is not the default, and nothing when all is. */
  {
    g_autoptr(GpWorkload) job = gp_workload_new ();
    g_autoptr(GVariant) none = NULL;
    g_autoptr(GVariant) kept = NULL;
    g_autoptr(GVariant) precision = NULL;

    gp_workload_set_gpu_hours (job, 100);
    gp_workload_set_reference_gpu (job, "l4");
    none = gp_phase_job_from_workload (job);
    g_assert_null (none);
    gp_workload_set_precision (job, GP_PRECISION_BF16);
    gp_workload_set_model_billions (job, 7);
    kept = gp_phase_job_from_workload (job);
    g_assert_cmpuint (g_variant_n_children (kept), ==, 2);
    precision = g_variant_lookup_value (kept, "precision", G_VARIANT_TYPE_STRING);
    g_assert_cmpstr (g_variant_get_string (precision, NULL), ==, "bf16");
  }

  /* Mistakes, by their path. */
  {
    static const struct
    {
      const char *job;
      const char *message;
    } cases[] = {
      { "{\"precision\":\"fp17\"}",
        "bad.json: phases[0].job.precision: must be fp32, tf32, fp16, bf16 or fp8" },
      { "{\"precison\":\"fp32\"}",
        "bad.json: phases[0].job.precison: unknown field; did you mean “precision”?" },
      { "{\"batch_size\":-1}", "bad.json: phases[0].job.batch_size: must be a whole number" },
      { "{\"activation_checkpointing\":1}",
        "bad.json: phases[0].job.activation_checkpointing: must be true or false" },
      { "{\"model_billions\":\"seven\"}", "bad.json: phases[0].job.model_billions: must be from" },
      { "[1]", "bad.json: phases[0].job: expected an object, got [1]" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        g_autofree char *text = g_strdup_printf (
            "{\"plan_version\":1,\"title\":\"x\",\"phases\":[{\"name\":\"a\",\"gpu_hours\":5,"
            "\"instance\":\"lab/box\",\"job\":%s}]}",
            cases[i].job);
        g_autoptr(GError) bad_error = NULL;
        g_autoptr(GpProject) bad = gp_project_load_from_data (text, -1, "bad.json", &bad_error);

        g_assert_null (bad);
        g_test_message ("%s", bad_error->message);
        g_assert_true (g_str_has_prefix (bad_error->message, cases[i].message));
      }
  }
}

/* A phase the catalog cannot run is named, with the reason. */
static void
test_plan_cost_errors (void)
{
  g_autoptr(GpCatalog) catalog = plan_catalog ();
  static const struct
  {
    const char *phase;
    const char *message;
  } cases[] = {
    { "{\"name\":\"a\",\"gpu_hours\":5,\"instance\":\"nowhere/none\"}",
      "phases[0]: instance: no instance “nowhere/none”" },
    { "{\"name\":\"a\",\"gpu_hours\":5,\"instance\":\"testcloud/one\",\"purchase\":true}",
      "phases[0]: purchase: only a lab machine" },
    { "{\"name\":\"a\",\"gpu_hours\":5,\"instance\":\"testcloud/one\",\"region\":\"r9\"}",
      "phases[0]: the job cannot run on testcloud/one in r9" },
    /* A GPU the catalog lacks is named by its path, with the id it most likely meant. */
    { "{\"name\":\"a\",\"gpu_hours\":5,\"instance\":\"testcloud/one\","
      "\"reference_gpu\":\"test-gpo\"}",
      "phases[0].reference_gpu: no GPU “test-gpo” in the catalog; did you mean “test-gpu”?" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strdup_printf (
          "{\"plan_version\":1,\"title\":\"x\",\"reference_gpu\":\"test-gpu\",\"phases\":[%s]}",
          cases[i].phase);
      g_autoptr(GError) error = NULL;
      g_autoptr(GpProject) project = gp_project_load_from_data (text, -1, "p.json", &error);
      g_autoptr(GpProjectCost) cost = NULL;

      g_assert_no_error (error);
      cost = gp_project_cost_new (catalog, project, NULL, &error);
      g_assert_null (cost);
      g_test_message ("%s", error->message);
      g_assert_true (g_str_has_prefix (error->message, cases[i].message));
    }
}

/* The budget's totals are the plan's, and it says where every price comes from. */
/* A lab machine lends a job some of its GPUs, at their share of its hour, where a rented instance
 * comes whole; its estimate and a plan's phase on it differ by its purchase, and both say so. */
static void
test_lab_machine_hour (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autofree char *path =
      g_test_build_filename (G_TEST_DIST, "fixtures", "lab-share-catalog.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  const char *lab[] = { "lab", NULL };
  const double per_gpu_hour = 40000 / (2 * 8760 * 0.5) / 4 + 2.0 * 0.2 / 4;
  const guint counts[] = { 1, 4, 8 };

  gp_catalog_add_layer_from_file (catalog, file, GP_CATALOG_LAYER_EXTRA, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    {
      g_autoptr(GpWorkload) workload = gp_workload_new ();
      g_autoptr(GpEstimateList) list = NULL;
      g_autoptr(GpEstimate) estimate = NULL;
      g_autofree char *assumptions = NULL;

      gp_workload_set_reference_gpu (workload, "test-gpu");
      gp_workload_set_gpu_hours (workload, 10);
      gp_workload_set_gpus (workload, counts[i]);
      gp_workload_set_providers (workload, lab);
      list = gp_estimate_list_new (catalog, workload, NULL, &error);
      g_assert_no_error (error);
      if (counts[i] > 4)
        {
          g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 0);
          continue;
        }

      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 1);
      estimate = g_list_model_get_item (G_LIST_MODEL (list), 0);
      g_assert_cmpuint (gp_estimate_get_gpu_count (estimate), ==, counts[i]);
      assumptions = g_strjoinv ("\n", (char **) gp_estimate_get_assumptions (estimate));
      g_assert_nonnull (strstr (assumptions, "running costs alone"));
      if (counts[i] == 1)
        {
          /* One GPU of four for ten hours: ten of its GPU-hours. */
          g_assert_cmpfloat_with_epsilon (gp_estimate_get_total_cost (estimate), 10 * per_gpu_hour,
                                          1e-6);
          g_assert_nonnull (strstr (assumptions, "Uses 1 of the machine’s 4 GPUs"));
        }
      else
        g_assert_null (strstr (assumptions, "Uses "));
    }

  /* The same machine in a plan: its running costs alone, and the reason among the
   * assumptions. */
  {
    g_autoptr(GpProject) project = gp_project_load_from_data (
        "{\"plan_version\":1,\"title\":\"x\",\"reference_gpu\":\"test-gpu\","
        "\"phases\":[{\"name\":\"a\",\"gpu_hours\":10,\"instance\":\"lab/quad\"}]}",
        -1, "plan.json", &error);
    g_autoptr(GpProjectCost) cost = NULL;
    GpPhaseCost *phase;
    gboolean named = FALSE;

    g_assert_no_error (error);
    cost = gp_project_cost_new (catalog, project, NULL, &error);
    g_assert_no_error (error);
    phase = g_ptr_array_index (cost->phases, 0);
    g_assert_true (phase->owned);
    /* Its four GPUs' energy for the phase's hours, nothing of its purchase. */
    g_assert_cmpfloat_with_epsilon (phase->compute, phase->hours * 4 * 2.0 * 0.2 / 4, 1e-6);
    for (guint i = 0; i < cost->assumptions->len; i++)
      named |= strstr (g_ptr_array_index (cost->assumptions, i), "Quad box: running costs alone") !=
               NULL;
    g_assert_true (named);
  }
}

static void
test_budget (void)
{
  g_autoptr(GpCatalog) catalog = plan_catalog ();
  g_autoptr(GpProject) project = load_plan ();
  g_autoptr(GError) error = NULL;
  GpProjectCost *cost = gp_project_cost_new (catalog, project, NULL, &error);
  double plan_total = cost->total, lines = 0;
  g_autoptr(GpBudget) budget = gp_budget_new (cost, project->contingency_pct);
  g_autofree char *markdown = gp_budget_to_markdown (budget);
  g_autofree char *csv = gp_budget_to_csv (budget);
  g_autoptr(GString) drawn = g_string_new (NULL);
  g_autoptr(GBytes) pdf = NULL;

  g_assert_no_error (error);
  for (guint i = 0; i < budget->lines->len; i++)
    lines += ((GpBudgetLine *) g_ptr_array_index (budget->lines, i))->amount;
  g_assert_cmpfloat_with_epsilon (lines, plan_total, 1e-6);
  g_assert_cmpfloat_with_epsilon (budget->subtotals[GP_BUDGET_EQUIPMENT], 10000, 1e-6);
  g_assert_cmpfloat_with_epsilon (budget->subtotals[GP_BUDGET_EQUIPMENT] +
                                      budget->subtotals[GP_BUDGET_SERVICES],
                                  plan_total, 1e-6);
  g_assert_cmpfloat_with_epsilon (budget->contingency, plan_total * 0.1, 1e-6);
  g_assert_cmpfloat_with_epsilon (budget->total, plan_total * 1.1, 1e-6);

  /* The categories Chinese grant budgets keep apart, named in the budget's language (English
   * here: no 设备费 or 业务费), and the purchase is equipment. */
  g_assert_nonnull (strstr (markdown, "# Budget: Test project"));
  g_assert_nonnull (strstr (markdown, "2027-01-01"));
  g_assert_nonnull (strstr (markdown, "## Equipment\n"));
  g_assert_nonnull (strstr (markdown, "## Services\n"));
  g_assert_null (strstr (markdown, "设备费"));
  g_assert_null (strstr (markdown, "业务费"));
  g_assert_null (strstr (csv, "设备费"));
  g_assert_null (strstr (csv, "业务费"));
  g_assert_nonnull (strstr (csv, "\r\nEquipment,Prototype,Purchase: Test box,"));
  g_assert_nonnull (strstr (markdown, "| Purchase: Test box | Prototype |"));
  g_assert_nonnull (strstr (markdown, "Contingency (10%)"));
  g_assert_nonnull (strstr (markdown, "## Assumptions"));
  g_assert_true (g_str_has_prefix (csv, "category,phase,item,amount,currency,source,as_of\r\n"));
  g_assert_nonnull (strstr (csv, "Purchase: Test box,10000.00,USD,Server quote,2026-11-30\r\n"));

  /* The PDF sets every source, by the same text code as the charts. */
  pdf = gp_budget_render_pdf (budget, drawn, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (g_bytes_get_data (pdf, NULL), "%PDF"));
  for (guint i = 0; i < budget->cost->sources->len; i++)
    {
      GpSource *source = g_ptr_array_index (budget->cost->sources, i);

      g_assert_nonnull (strstr (markdown, gp_source_get_title (source)));
      g_assert_nonnull (strstr (drawn->str, gp_source_get_title (source)));
      g_assert_nonnull (strstr (drawn->str, gp_source_get_as_of (source)));
    }
  g_assert_nonnull (strstr (drawn->str, "Purchase: Test box"));
}

/* A budget in another currency names the rate with its origin and date in its Markdown, CSV
 * and PDF, and marks it stale past the catalog's limit, as it would a price. */
static void
test_budget_rate_stale (void)
{
  g_autoptr(GpCatalog) catalog = plan_catalog ();
  g_autoptr(GpProject) project = load_plan ();

  for (guint stale = 0; stale < 2; stale++)
    {
      guint limit = stale ? 30 : 100000;
      g_autoptr(GpWorkload) base = gp_workload_new ();
      g_autoptr(GError) error = NULL;
      GpProjectCost *cost;
      g_autoptr(GpBudget) budget = NULL;
      g_autofree char *markdown = NULL, *csv = NULL;
      g_autoptr(GString) drawn = g_string_new (NULL);
      g_autoptr(GBytes) pdf = NULL;
      const char *mark = "(stale: older than 30 days)";

      gp_catalog_set_stale_after_days (catalog, limit);
      gp_workload_convert_currency (base, "USD", "EUR", NULL, NULL, limit);
      cost = gp_project_cost_new (catalog, project, base, &error);
      g_assert_no_error (error);
      budget = gp_budget_new (cost, 0);
      markdown = gp_budget_to_markdown (budget);
      csv = gp_budget_to_csv (budget);
      pdf = gp_budget_render_pdf (budget, drawn, &error);
      g_assert_no_error (error);

      g_assert_nonnull (strstr (markdown, "Exchange rate: 1 USD = 0.8627 EUR (the default rate, "
                                          "as of 2026-09-11: Euro foreign exchange reference "
                                          "rate of the European Central Bank"));
      g_assert_nonnull (strstr (csv, "\r\n,,Exchange rate: 1 USD in EUR,0.8627,EUR,\"the default "
                                     "rate, as of 2026-09-11: Euro foreign exchange"));
      g_assert_nonnull (strstr (drawn->str, "as of 2026-09-11"));
      g_assert_true ((strstr (markdown, mark) != NULL) == stale);
      g_assert_true ((strstr (csv, mark) != NULL) == stale);
      g_assert_true ((strstr (drawn->str, "stale: older than 30") != NULL) == stale);
    }
}

/* A plan of more than a year is budgeted by project year, from its schedule: two phases of
 * 6,000 hours at 2 USD from 2027-01-01, one after the other; the second runs 2,760 of its
 * hours in 2027 (8,760 hours in all) and 3,240 in 2028. Each year takes its share of the 10%
 * reserve; the years add up to the total. A plan of one year has no table by year. */
static void
test_budget_by_year (void)
{
  g_autoptr(GpCatalog) catalog = plan_catalog ();
  static const char plan[] =
      "{\"plan_version\":1,\"title\":\"Two years\",\"start\":\"2027-01-01\","
      "\"end\":\"2028-06-30\",\"reference_gpu\":\"test-gpu\",\"contingency_pct\":10,"
      "\"phases\":[{\"name\":\"First\",\"gpu_hours\":6000,\"instance\":\"testcloud/one\","
      "\"region\":\"r2\"},{\"name\":\"Second\",\"gpu_hours\":6000,"
      "\"instance\":\"testcloud/one\",\"region\":\"r2\"}]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(GpProject) project = gp_project_load_from_data (plan, -1, "years.json", &error);
  g_autoptr(GpBudget) budget = NULL;
  g_autofree char *markdown = NULL, *csv = NULL;
  const GpBudgetYear *first, *second;

  g_assert_no_error (error);
  budget = gp_budget_new (gp_project_cost_new (catalog, project, NULL, &error), 10);
  g_assert_no_error (error);
  g_assert_cmpuint (budget->years->len, ==, 2);
  first = &g_array_index (budget->years, GpBudgetYear, 0);
  second = &g_array_index (budget->years, GpBudgetYear, 1);
  g_assert_cmpstr (first->first, ==, "2027-01-01");
  g_assert_cmpstr (first->last, ==, "2027-12-31");
  g_assert_cmpstr (second->first, ==, "2028-01-01");
  g_assert_cmpstr (second->last, ==, "2028-12-31");
  g_assert_cmpfloat_with_epsilon (first->amount, (6000 + 2760) * 2.0 * 1.1, 1e-6);
  g_assert_cmpfloat_with_epsilon (second->amount, 3240 * 2.0 * 1.1, 1e-6);
  g_assert_cmpfloat_with_epsilon (first->amount + second->amount, budget->total, 1e-6);

  markdown = gp_budget_to_markdown (budget);
  csv = gp_budget_to_csv (budget);
  g_assert_nonnull (strstr (markdown, "## By Project Year\n"));
  g_assert_nonnull (strstr (markdown, "| Year 1: 2027-01-01 to 2027-12-31 | $19,272 |"));
  g_assert_nonnull (strstr (markdown, "| Year 2: 2028-01-01 to 2028-12-31 | $7,128.00 |"));
  g_assert_nonnull (strstr (csv, ",,Year 1: 2027-01-01 to 2027-12-31,19272.00,USD,,\r\n"));
  g_assert_nonnull (strstr (csv, ",,Year 2: 2028-01-01 to 2028-12-31,7128.00,USD,,\r\n"));
  {
    g_autoptr(GString) drawn = g_string_new (NULL);
    g_autoptr(GBytes) pdf = gp_budget_render_pdf (budget, drawn, &error);

    g_assert_no_error (error);
    g_assert_nonnull (strstr (drawn->str, "Year 2: 2028-01-01 to 2028-12-31"));
  }

  /* The plan of tests/fixtures/plan.json runs within its first year. */
  {
    g_autoptr(GpProject) short_plan = load_plan ();
    g_autoptr(GpBudget) one_year =
        gp_budget_new (gp_project_cost_new (catalog, short_plan, NULL, &error), 10);
    g_autofree char *text = gp_budget_to_markdown (one_year);

    g_assert_no_error (error);
    g_assert_cmpuint (one_year->years->len, ==, 1);
    g_assert_cmpfloat_with_epsilon (g_array_index (one_year->years, GpBudgetYear, 0).amount,
                                    one_year->total, 1e-6);
    g_assert_null (strstr (text, "By Project Year"));
  }
}

/* Asked for, the budget adds how each rented phase is started, in the text and the PDF. */
static void
test_budget_with_launch (void)
{
  g_autoptr(GpCatalog) catalog = plan_catalog ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GpProject) project = gp_project_load_from_data (
      "{\"plan_version\":1,\"title\":\"Launch\",\"reference_gpu\":\"a100-sxm4-40gb\","
      "\"phases\":[{\"name\":\"Prototype\",\"gpu_hours\":5,\"instance\":\"colab/t4\","
      "\"pricing\":\"subscription\"},"
      "{\"name\":\"Final run\",\"gpu_hours\":100,"
      "\"instance\":\"aws-ec2/p4d.24xlarge\"}]}",
      -1, "launch.json", &error);
  GpProjectCost *cost = NULL;
  g_autoptr(GpBudget) budget = NULL;
  g_autofree char *markdown = NULL;
  g_autoptr(GString) drawn = g_string_new (NULL);
  g_autoptr(GBytes) pdf = NULL;

  g_assert_no_error (error);
  cost = gp_project_cost_new (catalog, project, NULL, &error);
  g_assert_no_error (error);
  budget = gp_budget_new (cost, 0);
  markdown = gp_budget_to_markdown (budget);
  g_assert_null (strstr (markdown, "## Launch Code"));
  g_clear_pointer (&markdown, g_free);

  budget->with_launch = TRUE;
  markdown = gp_budget_to_markdown (budget);
  g_assert_nonnull (strstr (markdown, "## Launch Code: Prototype\n\n```\nGoogle Colab"));
  g_assert_nonnull (strstr (markdown, "## Launch Code: Final run\n\n```shell\n"));
  g_assert_nonnull (strstr (markdown, "--instance-type p4d.24xlarge"));
  g_assert_nonnull (strstr (markdown, "- MY_AMI_ID: "));
  pdf = gp_budget_render_pdf (budget, drawn, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (drawn->str, "--instance-type p4d.24xlarge"));
}

/* A phase priced as a Capacity Block is started by buying a block as long as the phase and
 * launching into its reservation (it gave plain on-demand run-instances code). */
static void
test_budget_capacity_block_launch (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autofree char *path =
      g_test_build_filename (G_TEST_DIST, "fixtures", "launch-catalog.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GpProject) project = gp_project_load_from_data (
      "{\"plan_version\":1,\"title\":\"Block\",\"reference_gpu\":\"h100-sxm5-80gb\","
      "\"phases\":[{\"name\":\"Final run\",\"gpu_hours\":300,"
      "\"instance\":\"aws-ec2/p5e.48xlarge\",\"region\":\"us-east-1\","
      "\"pricing\":\"capacity-block\"}]}",
      -1, "block.json", &error);
  g_autoptr(GpBudget) budget = NULL;
  g_autofree char *markdown = NULL;
  GpProjectCost *cost;

  g_assert_no_error (error);
  gp_catalog_add_layer_from_file (catalog, file, GP_CATALOG_LAYER_EXTRA, &error);
  g_assert_no_error (error);
  cost = gp_project_cost_new (catalog, project, NULL, &error);
  g_assert_no_error (error);
  budget = gp_budget_new (cost, 0);
  budget->with_launch = TRUE;
  markdown = gp_budget_to_markdown (budget);
  g_assert_nonnull (strstr (markdown, "## Launch Code: Final run"));
  g_assert_nonnull (strstr (markdown, "aws ec2 purchase-capacity-block"));
  g_assert_nonnull (strstr (markdown, "CapacityReservationId=$RESERVATION"));
}

/* Names that would be markup, were the budget made by parsing text: a pipe in a phase's name,
 * a heading in the title, a code fence in the notes. The Markdown keeps each table row three
 * cells with its amount last, and the PDF sets every amount and every name as it is. */
static void
test_budget_names_stay_text (void)
{
  g_autoptr(GpCatalog) catalog = plan_catalog ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GpProject) project = gp_project_load_from_data (
      "{\"plan_version\":1,\"title\":\"Grant\",\"reference_gpu\":\"test-gpu\","
      "\"phases\":[{\"name\":\"Prototype | small runs\",\"gpu_hours\":10,\"instance\":\"lab/box\","
      "\"purchase\":true,\"notes\":\"```\"},"
      "{\"name\":\"=HYPERLINK(1) `x` **bold** [a](b)\",\"gpu_hours\":50,"
      "\"instance\":\"testcloud/one\",\"region\":\"r2\"}]}",
      -1, "names.json", &error);
  GpProjectCost *cost = NULL;
  g_autoptr(GpBudget) budget = NULL;
  g_autofree char *markdown = NULL;
  g_autoptr(GpDocument) document = NULL, again = NULL;
  g_autoptr(GString) drawn = g_string_new (NULL);
  g_autoptr(GBytes) pdf = NULL;
  guint tables = 0;

  g_assert_no_error (error);
  /* A plan file may not hold a line break in its title; the budget stays whole even so. */
  g_free (project->title);
  project->title = g_strdup ("Grant\n# Injected heading");
  cost = gp_project_cost_new (catalog, project, NULL, &error);
  g_assert_no_error (error);
  budget = gp_budget_new (cost, 10);
  markdown = gp_budget_to_markdown (budget);
  g_test_message ("%s", markdown);

  /* One heading of the title's, none injected; no code block opened by a name. */
  g_assert_null (strstr (markdown, "\n# Injected"));
  g_assert_null (strstr (markdown, "\n```"));
  g_assert_nonnull (strstr (markdown, "| Prototype \\| small runs |"));
  g_assert_nonnull (strstr (markdown, "'=HYPERLINK(1) \\`x\\` \\*\\*bold\\*\\* [a\\](b)"));

  /* Read back, the Markdown gives the budget's own blocks: every row three cells, the amount
   * last, the names whole. */
  document = gp_budget_to_document (budget, FALSE);
  again = gp_document_new_from_markdown (markdown, NULL);
  g_assert_cmpuint (gp_document_get_n_blocks (again), ==, gp_document_get_n_blocks (document));
  for (guint i = 0; i < gp_document_get_n_blocks (document); i++)
    {
      GpBlock *block = gp_document_get_block (document, i);
      GpBlock *read = gp_document_get_block (again, i);

      g_assert_cmpint (read->kind, ==, block->kind);
      if (block->kind != GP_BLOCK_TABLE)
        {
          g_autofree char *flat = g_strdelimit (g_strdup (block->text), "\n", ' ');
          g_autofree char *neutral = gp_csv_neutralise (flat);

          g_assert_cmpstr (read->text, ==, neutral);
          continue;
        }
      tables++;
      g_assert_cmpuint (read->rows->len, ==, block->rows->len);
      for (guint r = 0; r < block->rows->len; r++)
        {
          GStrv cells = g_ptr_array_index (read->rows, r);
          GStrv written = g_ptr_array_index (block->rows, r);

          g_assert_cmpuint (g_strv_length (cells), ==, 3);
          g_autofree char *phase = gp_csv_neutralise (written[1]);

          g_assert_cmpstr (cells[2], ==, written[2]);
          g_assert_cmpstr (cells[1], ==, phase);
        }
    }
  g_assert_cmpuint (tables, ==, 2);

  /* The PDF sets the names as they are, and every line's amount. */
  pdf = gp_budget_render_pdf (budget, drawn, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (drawn->str, "Prototype | small runs"));
  g_assert_nonnull (strstr (drawn->str, "=HYPERLINK(1) `x` **bold** [a](b)"));
  g_assert_nonnull (strstr (drawn->str, "Budget: Grant\n# Injected heading"));
  for (guint i = 0; i < budget->lines->len; i++)
    {
      GpBudgetLine *line = g_ptr_array_index (budget->lines, i);
      g_autofree char *amount = gp_format_money (line->amount, budget->cost->currency);

      g_assert_nonnull (strstr (drawn->str, amount));
    }
}

/* A plan of many phases: every phase is costed on its own instance, the budget holds them all,
 * and its chart shows the 30 that cost most, counting the rest. */
static void
test_budget_many_phases (void)
{
  g_autoptr(GpCatalog) catalog = plan_catalog ();
  g_autoptr(GString) text = g_string_new (
      "{\"plan_version\":1,\"title\":\"Many\",\"reference_gpu\":\"test-gpu\",\"phases\":[");
  g_autoptr(GError) error = NULL;
  g_autoptr(GpProject) project = NULL;
  g_autoptr(GpBudget) budget = NULL;
  g_autoptr(GpChartData) chart = NULL;
  GpProjectCost *cost;
  double most_shown = 0, least_shown = INFINITY, most_hidden = 0;

  for (guint i = 0; i < 200; i++)
    g_string_append_printf (text,
                            "%s{\"name\":\"p%u\",\"gpu_hours\":%u,\"instance\":\"testcloud/one\","
                            "\"region\":\"r2\"}",
                            i > 0 ? "," : "", i, 1 + (i * 37) % 200);
  g_string_append (text, "]}");
  project = gp_project_load_from_data (text->str, -1, "many.json", &error);
  g_assert_no_error (error);
  cost = gp_project_cost_new (catalog, project, NULL, &error);
  g_assert_no_error (error);
  budget = gp_budget_new (cost, 0);
  g_assert_cmpuint (budget->cost->phases->len, ==, 200);

  chart = gp_budget_chart_data_new (budget);
  g_assert_cmpuint (gp_chart_data_get_n_items (chart), ==, 30);
  g_assert_cmpuint (gp_chart_data_get_n_hidden (chart), ==, 170);
  for (guint i = 0; i < 30; i++)
    {
      double total = gp_chart_data_get_item (chart, i)->total;

      most_shown = MAX (most_shown, total);
      least_shown = MIN (least_shown, total);
    }
  for (guint i = 0; i < budget->cost->phases->len; i++)
    {
      GpPhaseCost *phase = g_ptr_array_index (budget->cost->phases, i);
      double total = gp_phase_cost_total (phase);
      gboolean shown = FALSE;

      for (guint j = 0; j < 30 && !shown; j++)
        shown = g_str_equal (gp_chart_data_get_item (chart, j)->label, phase->phase->name);
      if (!shown)
        most_hidden = MAX (most_hidden, total);
    }
  g_assert_cmpfloat (most_hidden, <=, least_shown);
  g_assert_cmpfloat (most_shown, >, least_shown);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/budget/plan-file", test_plan_file);
  g_test_add_func ("/budget/plan-errors", test_plan_errors);
  g_test_add_func ("/budget/plan-cost", test_plan_cost);
  g_test_add_func ("/budget/plan-emissions", test_plan_emissions);
  g_test_add_func ("/budget/plan-cost-errors", test_plan_cost_errors);
  g_test_add_func ("/budget/plan-phase-reference-gpu", test_plan_phase_reference_gpu);
  g_test_add_func ("/budget/plan-phase-job", test_plan_phase_job);
  g_test_add_func ("/budget/lab-machine-hour", test_lab_machine_hour);
  g_test_add_func ("/budget/budget", test_budget);
  g_test_add_func ("/budget/with-launch", test_budget_with_launch);
  g_test_add_func ("/budget/capacity-block-launch", test_budget_capacity_block_launch);
  g_test_add_func ("/budget/rate-stale", test_budget_rate_stale);
  g_test_add_func ("/budget/by-year", test_budget_by_year);
  g_test_add_func ("/budget/names-stay-text", test_budget_names_stay_text);
  g_test_add_func ("/budget/many-phases", test_budget_many_phases);

  return g_test_run ();
}
