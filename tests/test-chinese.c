/* test-chinese.c — no English in the Chinese interface, tables, charts, slides and script
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run with LANGUAGE=zh_CN. Every text a user reads is searched for English words; what may stay
 * is a product's or a format's name, a unit, or an id (any word with a digit, a dot or an
 * underscore in it, an option "--like-this").
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <locale.h>
#include <string.h>

#include "gp-lab-cost.h"
#include "gp-catalog.h"
#include "gp-chart-data.h"
#include "gp-estimate-list.h"
#include "gp-lab-layer.h"
#include "gp-measure-script.h"
#include "gp-project.h"
#include "gp-slide-deck.h"
#include "gp-test-cli.h"

/* Names of products, formats, units and keys, the same in either language. */
static const char *const allowed[] = {
  "A",
  "AI",
  "AMD",
  "API",
  "AWS",
  "Ada",
  "Alibaba",
  "Alpaca",
  "Amazon",
  "Ampere",
  "AutoDL",
  "AutoML",
  "Azure",
  "BERT",
  "BF",
  "Blackwell",
  "CNY",
  "CO",
  "CPU",
  "CSV",
  "CUDA",
  "CVM",
  "Cloud",
  "Colab",
  "Compshare",
  "Compute",
  "Ctrl",
  "DD",
  "ECS",
  "EUR",
  "Engine",
  "Esc",
  "FP",
  "FSDP",
  "GB",
  "GPU",
  "GPUs",
  "GiB",
  "GovCloud",
  "Google",
  "HTTPS",
  "Hopper",
  "ID",
  "ImageNet",
  "JAX",
  "JSON",
  "Lambda",
  "LoRA",
  "MLOps",
  "MLPerf",
  "MM",
  "Markdown",
  "Matpool",
  "Mbit",
  "NVIDIA",
  "OVHcloud",
  "OpenBayes",
  "PDF",
  "PNG",
  "PUE",
  "Pro",
  "PyTorch",
  "Python",
  "QLoRA",
  "RTX",
  "SSH",
  "SVG",
  "SageMaker",
  "Scaleway",
  "SkyPilot",
  "TB",
  "TF",
  "TFLOPS",
  "TensorFlow",
  "Tesla",
  "Ubuntu",
  "URL",
  "USD",
  "Vertex",
  "Wavelength",
  "YYYY",
  "YYYY-MM-DD",
  "ZeRO",
  "bitsandbytes",
  "dpi",
  "gpu-planner-cli",
  "kW",
  "kWh",
  "kgCO",
  "vCPU",
  "vCPUs",
  /* Models and data sets of the published workloads */
  "BERT-base",
  "BERT-large",
  "Diffusion",
  "MosaicBERT",
  "OpenWebText",
  "SQuAD",
  "Stable",
  "nanoGPT",
  /* A command: pip install torch */
  "pip",
  "install",
  "torch",
};

/* The catalog's ids and the words of its products' names (providers' and GPUs'), and the
 * published workloads' ids, filled once. */
static GHashTable *catalog_words;
/* The fixture's names of places and titles of sources, which it gives in English: the bundled
 * catalog's are listed for the translators by its build (test-catalog-build). */
static GPtrArray *catalog_texts;

static void
allow_words (const char *name)
{
  g_auto(GStrv) words = g_strsplit_set (name, " ()（）,", -1);

  for (guint i = 0; words[i] != NULL; i++)
    if (*words[i] != '\0')
      g_hash_table_add (catalog_words, g_strdup (words[i]));
}

static int
compare_longest_first (gconstpointer a,
                       gconstpointer b)
{
  gsize la = strlen (*(const char *const *) a), lb = strlen (*(const char *const *) b);

  return la > lb ? -1 : la < lb ? 1 : 0;
}

static void
allow_catalog (GpCatalog *catalog)
{
  GListModel *providers = gp_catalog_get_providers (catalog);
  GListModel *gpus = gp_catalog_get_gpus (catalog);
  GListModel *presets = gp_estimator_data_get_presets (gp_estimator_data_get_default ());

  catalog_words = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  catalog_texts = g_ptr_array_new_with_free_func (g_free);
  /* The lab's own machines, added by the test. */
  allow_words (GP_LAB_PROVIDER);
  for (guint i = 0; i < g_list_model_get_n_items (providers); i++)
    {
      g_autoptr(GpProvider) provider = g_list_model_get_item (providers, i);
      GListModel *regions = gp_provider_get_regions (provider);

      allow_words (gp_provider_get_id (provider));
      allow_words (gp_provider_get_name (provider));
      for (guint r = 0; r < g_list_model_get_n_items (regions); r++)
        {
          g_autoptr(GpRegion) region = g_list_model_get_item (regions, r);

          allow_words (gp_region_get_id (region));
          if (gp_region_get_name (region) != NULL)
            g_ptr_array_add (catalog_texts, g_strdup (gp_region_get_name (region)));
        }
    }
  for (guint i = 0; i < g_list_model_get_n_items (presets); i++)
    {
      g_autoptr(GpPreset) preset = g_list_model_get_item (presets, i);

      allow_words (gp_preset_get_id (preset));
    }
  for (guint i = 0; i < g_list_model_get_n_items (gp_catalog_get_sources (catalog)); i++)
    {
      g_autoptr(GpSource) source = g_list_model_get_item (gp_catalog_get_sources (catalog), i);

      g_ptr_array_add (catalog_texts, g_strdup (gp_source_get_title (source)));
    }
  /* The fixture's instance names, which no translation covers ("A100 runtime"). */
  for (guint i = 0; i < g_list_model_get_n_items (gp_catalog_get_instances (catalog)); i++)
    {
      g_autoptr(GpInstance) instance =
          g_list_model_get_item (gp_catalog_get_instances (catalog), i);

      g_ptr_array_add (catalog_texts, g_strdup (gp_instance_get_name (instance)));
    }
  for (guint i = 0; i < g_list_model_get_n_items (gpus); i++)
    {
      g_autoptr(GpGpu) gpu = g_list_model_get_item (gpus, i);

      allow_words (gp_gpu_get_id (gpu));
      allow_words (gp_gpu_get_name (gpu));
    }
  /* Longest first: a place's name inside a source's title ("Japan" in "… Japanese plan prices")
   * would otherwise be taken out first and leave the rest of the title behind. */
  g_ptr_array_sort (catalog_texts, compare_longest_first);
}

/* An English word outside the list, in @text, or NULL. */
static char *
find_english (const char *text)
{
  const char *p = text;

  while (*p != '\0')
    {
      const char *start = p;
      gboolean code = FALSE;
      g_autofree char *word = NULL;

      if (!g_ascii_isalnum (*p) && *p != '-')
        {
          p++;
          continue;
        }
      for (; *p != '\0' && (g_ascii_isalnum (*p) || strchr ("-_./:+", *p) != NULL); p++)
        code |= g_ascii_isdigit (*p) || strchr ("_./:+", *p) != NULL;
      word = g_strndup (start, p - start);
      /* An option, a code, an id, a file or an address: the same in every language. */
      if (code || word[0] == '-' || strlen (word) < 2 || (start > text && start[-1] == '%'))
        continue;
      if (!g_strv_contains (allowed, word) && !g_hash_table_contains (catalog_words, word))
        return g_steal_pointer (&word);
    }
  return NULL;
}

static void
assert_chinese (const char *where,
                const char *text)
{
  g_autoptr(GString) own = g_string_new (text);
  g_autofree char *english = NULL;

  for (guint i = 0; i < catalog_texts->len; i++)
    g_string_replace (own, g_ptr_array_index (catalog_texts, i), "", 0);
  english = find_english (own->str);

  if (english != NULL)
    g_error ("%s: English “%s” in: %s", where, english, text);
}

/* The .ui files: every translatable string as the Chinese interface shows it. */

typedef struct
{
  const char *file;
  gboolean translatable;
  char *context;
  GString *text;
} UiParse;

static void
ui_start (GMarkupParseContext  *context,
          const char           *element,
          const char          **names,
          const char          **values,
          gpointer              user_data,
          GError              **error)
{
  UiParse *parse = user_data;

  parse->translatable = FALSE;
  g_clear_pointer (&parse->context, g_free);
  g_string_truncate (parse->text, 0);
  for (guint i = 0; names[i] != NULL; i++)
    if (g_str_equal (names[i], "translatable"))
      parse->translatable = g_str_equal (values[i], "yes");
    else if (g_str_equal (names[i], "context"))
      parse->context = g_strdup (values[i]);
}

static void
ui_text (GMarkupParseContext  *context,
         const char           *text,
         gsize                 length,
         gpointer              user_data,
         GError              **error)
{
  UiParse *parse = user_data;

  if (parse->translatable)
    g_string_append_len (parse->text, text, (gssize) length);
}

static void
ui_end (GMarkupParseContext  *context,
        const char           *element,
        gpointer              user_data,
        GError              **error)
{
  UiParse *parse = user_data;
  const char *shown;

  if (!parse->translatable || parse->text->len == 0)
    return;
  shown = parse->context != NULL ? g_dpgettext2 (GETTEXT_PACKAGE, parse->context, parse->text->str)
                                 : g_dgettext (GETTEXT_PACKAGE, parse->text->str);
  /* Untranslated, it would be all English: po/check-translations.py fails on that first. */
  assert_chinese (parse->file, shown);
  parse->translatable = FALSE;
}

static void
test_ui_files (void)
{
  g_autofree char *dir_path = g_test_build_filename (G_TEST_DIST, "..", "src", "ui", NULL);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const GMarkupParser parser = { ui_start, ui_end, ui_text, NULL, NULL };
  const char *name;
  guint files = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir_path, name, NULL);
      g_autofree char *contents = NULL;
      g_autoptr(GMarkupParseContext) context = NULL;
      g_autoptr(GError) error = NULL;
      UiParse parse = { name, FALSE, NULL, NULL };

      if (!g_str_has_suffix (name, ".ui"))
        continue;
      parse.text = g_string_new (NULL);
      g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
      context = g_markup_parse_context_new (&parser, 0, &parse, NULL);
      g_markup_parse_context_parse (context, contents, -1, &error);
      g_assert_no_error (error);
      g_free (parse.context);
      g_string_free (parse.text, TRUE);
      files++;
    }
  g_assert_cmpuint (files, >, 10);
}

/* The command-line tool's tables and the comparison as Markdown, as exported: enum words in
 * their labels, the lab's own region named. */
static void
test_cli_tables (void)
{
  g_autofree char *dir = g_dir_make_tmp ("gp-test-chinese-XXXXXX", NULL);
  g_autofree char *lab = g_build_filename (dir, "lab.json", NULL);
  g_autofree char *command = g_strdup_printf ("rm -rf '%s'", dir);
  const char *const estimate[] = {
    "estimate",  "--gpu-hours", "300", "--reference-gpu", "a100-sxm4-80gb", "--currency", "CNY",
    "--catalog", lab,           NULL
  };
  g_auto(Run) added = { NULL };

  run_cli (&added, NULL, "lab", "add", "--id", "lab/box", "--name", "工作站", "--gpu",
           "a100-sxm4-80gb", "--gpus", "1", "--price", "100000", "--currency", "CNY", "--purchased",
           "2025-01-01", "--lifetime-years", "4", "--maintenance-pct", "5", "--power-kw", "0.4",
           "--pue", "1.3", "--electricity-price", "0.6", "--utilisation-pct", "60", "--catalog",
           lab, NULL);
  g_assert_cmpint (added.status, ==, 0);
  {
    g_auto(Run) run = { NULL };

    run_cli (&run, NULL, "providers", NULL);
    g_assert_cmpint (run.status, ==, 0);
    assert_chinese ("providers", run.out);
  }
  {
    g_auto(Run) run = { NULL };

    run_cli (&run, NULL, "list", "--provider", "lab", "--catalog", lab, NULL);
    g_assert_cmpint (run.status, ==, 0);
    assert_chinese ("list", run.out);
  }
  {
    g_auto(Run) run = { NULL };

    run_cli (&run, NULL, "presets", NULL);
    g_assert_cmpint (run.status, ==, 0);
    assert_chinese ("presets", run.out);
  }
  {
    g_auto(Run) run = { NULL };

    run_cli (&run, NULL, "compare", "lambda", "colab", "--format", "markdown", NULL);
    g_assert_cmpint (run.status, ==, 0);
    assert_chinese ("compare", run.out);
  }
  {
    g_autoptr(GPtrArray) argv = g_ptr_array_new ();
    g_auto(Run) run = { NULL };

    g_ptr_array_add (argv, (gpointer) g_getenv ("GP_CLI"));
    for (guint i = 0; estimate[i] != NULL; i++)
      g_ptr_array_add (argv, (gpointer) estimate[i]);
    g_ptr_array_add (argv, NULL);
    run_program (&run, (const char *const *) argv->pdata);
    g_assert_cmpint (run.status, ==, 0);
    assert_chinese ("estimate", run.out);
  }
  g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL);
}

/* recommend's text: each reason keeps its rule's tag, an id the README documents ("[invoice]"),
 * and says the rest in Chinese, for a lab in mainland China, in Hong Kong and elsewhere, the
 * options left out for a feature they lack too. */
static void
test_cli_recommend (void)
{
  const char *const labs[] = { "mainland-china", "hong-kong", "elsewhere" };
  const char *const needs[] = { "ssh", "automl", "enterprise-identity,pipelines" };

  for (guint i = 0; i < G_N_ELEMENTS (labs); i++)
    {
      g_auto(Run) run = { NULL };
      g_autoptr(GRegex) tag = g_regex_new ("\\[[a-z-]+\\] ", 0, 0, NULL);
      g_autoptr(GRegex) upload = g_regex_new ("上传：[^\\n]*", 0, 0, NULL);
      g_autofree char *without_tags = NULL;
      g_autofree char *untagged = NULL;
      guint tags = 0;
      g_autoptr(GMatchInfo) match = NULL;

      /* What a platform lacks, by its name: it said "does not offer automl" in Chinese. */
      run_cli (&run, NULL, "recommend", "--gpu-hours", "300", "--reference-gpu", "a100-sxm4-80gb",
               "--dataset-gb", "200", "--interruptible", "--carbon-weight", "0.2", "--lab-location",
               labs[i], "--group", "platform", "--needs", needs[i], NULL);
      g_assert_cmpint (run.status, ==, 0);
      for (g_regex_match (tag, run.out, 0, &match); g_match_info_matches (match);
           g_match_info_next (match, NULL))
        tags++;
      g_assert_cmpuint (tags, >, 10);
      g_assert_nonnull (strstr (run.out, "[cost] "));
      without_tags = g_regex_replace_literal (tag, run.out, -1, 0, "", 0, NULL);
      /* The upload's command line is code, the same in every language. */
      untagged = g_regex_replace_literal (upload, without_tags, -1, 0, "", 0, NULL);
      assert_chinese ("recommend", untagged);
    }
}

/* The footnote of a chart and the title slide: the job's GPU by its name, the app's name in
 * the user's language. */
static void
test_chart_and_slides (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpWorkload) job = gp_workload_new ();
  g_autoptr(GpEstimateList) estimates = NULL;
  g_autoptr(GpChartData) data = NULL;
  g_autoptr(GpSlideDeck) deck = gp_slide_deck_new ();
  g_autoptr(GError) error = NULL;
  const char *const *lines;
  g_autofree char *summary = NULL;

  g_assert_cmpstr (_("GPU Planner"), ==, "GPU 算力规划");
  gp_workload_set_gpu_hours (job, 300);
  gp_workload_set_reference_gpu (job, "a100-sxm4-80gb");
  estimates = gp_estimate_list_new (catalog, job, NULL, &error);
  g_assert_no_error (error);

  summary = gp_chart_data_dup_workload_summary (estimates);
  g_assert_null (strstr (summary, "a100-sxm4-80gb"));
  assert_chinese ("workload", summary);

  data = gp_chart_data_new_from_estimates (estimates, 10);
  assert_chinese ("chart footnote", gp_chart_data_get_footnote (data));
  g_assert_null (strstr (gp_chart_data_get_footnote (data), "a100-sxm4-80gb"));

  gp_slide_deck_add_title (deck, estimates);
  g_assert_cmpint (gp_slide_deck_get_kind (deck, 0), ==, GP_SLIDE_TITLE);
  assert_chinese ("title slide", gp_slide_deck_get_title (deck, 0));
  lines = gp_slide_deck_get_lines (deck, 0);
  g_assert_nonnull (lines);
  for (guint i = 0; lines[i] != NULL; i++)
    assert_chinese ("title slide", lines[i]);
}

/* A file refused is refused in Chinese, still naming the file and the path, which are the
 * file's own and stay as they are. */
static void
test_file_errors (void)
{
  static const char catalog_text[] =
      "{\"schema_version\": 1, \"gpus\": [{\"id\": \"g\", \"name\": \"G\", "
      "\"memory_gb\": \"lots\"}]}";
  static const char plan_text[] =
      "{\"plan_version\": 1, \"title\": \"x\", \"phases\": [{\"name\": \"a\", "
      "\"instance\": \"lab/box\", \"gpu_hour\": 5}]}";
  g_autoptr(GpCatalog) catalog = gp_catalog_new ();
  g_autoptr(GBytes) bytes = g_bytes_new_static (catalog_text, strlen (catalog_text));
  g_autoptr(GError) error = NULL;
  g_autoptr(GpProject) project = NULL;

  g_assert_false (gp_catalog_add_layer (catalog, bytes, "bad.json", GP_CATALOG_LAYER_USER, &error));
  g_assert_error (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_WRONG_TYPE);
  g_assert_cmpstr (error->message, ==, "bad.json：gpus[0].memory_gb：应为非负数，实际为 \"lots\"");
  g_clear_error (&error);

  project = gp_project_load_from_data (plan_text, -1, "plan.json", &error);
  g_assert_null (project);
  g_assert_cmpstr (error->message, ==,
                   "plan.json：phases[0].gpu_hour：未知字段；是不是想写“gpu_hours”？");
}

/* A lab machine's figures are refused in Chinese too; the field keeps its file name, which the
 * form, the command line and the catalog's path each put in their own words. */
static void
test_lab_cost_errors (void)
{
  GpLabCost cost = { .price = 100000,
                     .lifetime_years = 5,
                     .pue = 1.2,
                     .electricity_per_kwh = 0.6,
                     .utilisation_pct = 0 };
  g_autoptr(GError) error = NULL;

  g_assert_false (gp_lab_cost_check (&cost, 8, &error));
  g_assert_cmpstr (error->message, ==,
                   "utilisation_pct: 必须在 1 到 100 之间：从不使用的机器谈不上每小时成本");
  g_clear_error (&error);
  cost.utilisation_pct = 60;
  cost.pue = 99;
  g_assert_false (gp_lab_cost_check (&cost, 8, &error));
  g_assert_cmpstr (error->message, ==, "pue: 不得超过 5");
}

/* The measuring script says what it says in the language it was made in. */
static void
test_measuring_script (void)
{
  g_autoptr(GpWorkload) job = gp_workload_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *script = NULL;
  const char *messages, *end;

  gp_workload_set_model_billions (job, 1);
  gp_workload_set_batch_size (job, 2);
  gp_workload_set_sequence_length (job, 64);
  script = gp_measure_script_new (job, NULL, &error);
  g_assert_no_error (error);
  messages = strstr (script, "\nMESSAGES = {");
  g_assert_nonnull (messages);
  end = strstr (messages, "\n}");
  g_assert_nonnull (end);
  /* Each line: "key": "message", — the message alone is read. */
  for (const char *line = strchr (messages + 1, '\n'); line != NULL && line < end;
       line = strchr (line + 1, '\n'))
    {
      const char *colon = strstr (line, "\": ");
      g_autofree char *message = NULL;

      if (colon == NULL || colon > end)
        continue;
      message = g_strndup (colon + 3, strcspn (colon + 3, "\n"));
      assert_chinese ("measuring script", message);
    }
  g_assert_null (strstr (script, "PyTorch is needed"));
}

int
main (int   argc,
      char *argv[])
{
  const char *localedir = g_getenv ("GP_LOCALEDIR");

  setlocale (LC_ALL, "");
  if (localedir != NULL)
    bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_test_init (&argc, &argv, NULL);

  {
    g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();

    allow_catalog (catalog);
  }
  g_test_add_func ("/chinese/ui-files", test_ui_files);
  g_test_add_func ("/chinese/cli-tables", test_cli_tables);
  g_test_add_func ("/chinese/cli-recommend", test_cli_recommend);
  g_test_add_func ("/chinese/chart-and-slides", test_chart_and_slides);
  g_test_add_func ("/chinese/measuring-script", test_measuring_script);
  g_test_add_func ("/chinese/file-errors", test_file_errors);
  g_test_add_func ("/chinese/lab-cost-errors", test_lab_cost_errors);

  return g_test_run ();
}
