/* gp-quote-sheet.c — a price sheet of quotes (CSV, headers in English or Chinese)
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A lab keeps the prices it was given in a spreadsheet; saved as CSV, each row becomes a quote
 * (gp-quote-layer.c). The header names the columns in English or in Chinese, in any order;
 * a sheet with one row that cannot be read is refused whole, with the line and the column, so
 * that half a sheet never lands in the catalog.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "gp-csv-reader.h"
#include "gp-enums.h"
#include "gp-import-builder.h"
#include "gp-quote-sheet.h"
#include "gp-text.h"
#include "gp-update-error.h"
#include "gp-util.h"

typedef enum
{
  COL_PROVIDER,
  COL_INSTANCE,
  COL_GPU,
  COL_GPUS,
  COL_PRICE,
  COL_CURRENCY,
  COL_PER,
  COL_BILLING,
  COL_REGION,
  COL_AS_OF,
  COL_SOURCE,
  COL_REACH,
  N_COLUMNS
} Column;

/* Each column's names: the English one first, the Chinese one second (the template's), then
 * other names a sheet may give it. */
static const char *const column_names[N_COLUMNS][9] = {
  [COL_PROVIDER] = { "provider", "服务商", "平台", "供应商", "厂商", "云厂商", NULL },
  [COL_INSTANCE] = { "instance", "机型", "实例", "型号", "实例规格", "规格", "配置", NULL },
  [COL_GPU] = { "gpu", "显卡", "GPU", "GPU型号", "GPU 型号", "显卡型号", NULL },
  [COL_GPUS] = { "gpus", "卡数", "GPU数", "GPU 数", "GPU数量", "GPU 数量", "显卡数", "显卡数量",
                 NULL },
  [COL_PRICE] = { "price", "价格", "单价", "租金", "价钱", NULL },
  [COL_CURRENCY] = { "currency", "币种", "货币", "币别", NULL },
  [COL_PER] = { "per", "计价单位", "计费周期", "计费", "计费方式", "计费单位", "单位", "周期",
                NULL },
  [COL_BILLING] = { "billing_increment_s", "计费粒度秒", "计费粒度", "计费粒度（秒）",
                    "计费粒度(秒)", NULL },
  [COL_REGION] = { "region", "地区", "区域", "地域", "所在地", "机房", "location", NULL },
  [COL_AS_OF] = { "as_of", "报价日期", "日期", "时间", "date", NULL },
  [COL_SOURCE] = { "source", "来源", "出处", "报价来源", NULL },
  [COL_REACH] = { "reach", "可达性", NULL },
};

/* Columns a sheet may keep for people, which no quote holds: read past, never refused. */
static const char *const note_names[] = { "notes", "note", "comment", "comments",
                                          "备注",  "说明", "注释",    NULL };

static const gboolean column_required[N_COLUMNS] = {
  [COL_PROVIDER] = TRUE, [COL_INSTANCE] = TRUE, [COL_GPU] = TRUE,   [COL_GPUS] = TRUE,
  [COL_PRICE] = TRUE,    [COL_CURRENCY] = TRUE, [COL_AS_OF] = TRUE, [COL_SOURCE] = TRUE,
};

static gboolean
is_note_column (const char *name)
{
  for (guint n = 0; note_names[n] != NULL; n++)
    if (g_ascii_strcasecmp (name, note_names[n]) == 0)
      return TRUE;
  return FALSE;
}

/* A column the sheet names and no quote field takes is refused, not read past: it may hold
 * what changes a price (a "计费" of 月 read past makes a month's rent an hour's). */
static gboolean
check_unknown_columns (GpCsvReader  *reader,
                       const int    *columns,
                       const char   *file,
                       GError      **error)
{
  for (guint f = 0; f < gp_csv_reader_get_n_fields (reader); f++)
    {
      g_autofree char *field = g_strstrip (g_strdup (gp_csv_reader_get (reader, f)));
      gboolean known = *field == '\0' || is_note_column (field);

      for (guint c = 0; c < N_COLUMNS && !known; c++)
        known = columns[c] == (int) f;
      if (!known)
        {
          g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                       /* Translators: a price sheet with a column nothing reads: the file, the
                        * column's name */
                       _("%s: column “%s” is not one a quote has: give it a name from “quote "
                          "template”, or call it “notes” (备注) to keep it for people"),
                       file, field);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
find_columns (GpCsvReader  *reader,
              int          *columns,
              const char   *file,
              GError      **error)
{
  for (guint c = 0; c < N_COLUMNS; c++)
    {
      columns[c] = -1;
      for (guint n = 0; column_names[c][n] != NULL && columns[c] < 0; n++)
        for (guint f = 0; f < gp_csv_reader_get_n_fields (reader) && columns[c] < 0; f++)
          {
            g_autofree char *field = g_strstrip (g_strdup (gp_csv_reader_get (reader, f)));

            if (g_ascii_strcasecmp (field, column_names[c][n]) == 0)
              columns[c] = (int) f;
          }
      if (columns[c] < 0 && column_required[c])
        {
          g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                       /* Translators: a price sheet without a column it needs: the file, the
                        * column's English name, its Chinese name */
                       _("%s: no column “%s” (or “%s”): see “quote template”"), file,
                       column_names[c][0], column_names[c][1]);
          return FALSE;
        }
    }
  return check_unknown_columns (reader, columns, file, error);
}

/* A sheet names a few GPUs in many rows: each name is matched against the catalog once. */
static GpGpu *
match_gpu (GListModel *gpus,
           GHashTable *gpus_named,
           const char *text)
{
  gpointer gpu;

  if (!g_hash_table_lookup_extended (gpus_named, text, NULL, &gpu))
    {
      gpu = gp_quote_match_gpu (gpus, text);
      g_hash_table_insert (gpus_named, g_strdup (text), gpu);
    }
  return gpu;
}

static const char *
cell (GpCsvReader *reader,
      const int   *columns,
      Column       column)
{
  const char *text = columns[column] >= 0 ? gp_csv_reader_get (reader, columns[column]) : NULL;

  return text != NULL && *text != '\0' ? text : NULL;
}

static gboolean
parse_per (const char *text,
           GpQuotePer *per)
{
  static const char *const hour[] = { "hour",  "h",       "hr",    "hourly", "per hour", "/h",
                                      "/hour", "小时",    "时",    "每小时", "按小时",   "按时",
                                      "/小时", "元/小时", "元/时", NULL };
  static const char *const month[] = { "month", "mo",   "monthly", "per month", "/month", "月",
                                       "每月",  "按月", "包月",    "/月",       "元/月",  NULL };
  g_autofree char *word = NULL;

  if (text == NULL)
    {
      *per = GP_QUOTE_PER_HOUR;
      return TRUE;
    }
  word = g_strstrip (g_strdup (text));
  for (guint i = 0; hour[i] != NULL; i++)
    if (g_ascii_strcasecmp (word, hour[i]) == 0)
      {
        *per = GP_QUOTE_PER_HOUR;
        return TRUE;
      }
  for (guint i = 0; month[i] != NULL; i++)
    if (g_ascii_strcasecmp (word, month[i]) == 0)
      {
        *per = GP_QUOTE_PER_MONTH;
        return TRUE;
      }
  return FALSE;
}

/* The row's quote, or %NULL with what is wrong: the line and the column. */
static GpQuote *
read_row (GListModel  *models,
          GHashTable  *gpus_named,
          GpCsvReader *reader,
          const int   *columns,
          const char  *file,
          GError     **error)
{
  g_autoptr(GpQuote) quote = gp_quote_new ();
  guint line = gp_csv_reader_get_line (reader);
  const char *gpu_text = cell (reader, columns, COL_GPU);
  const char *reach = cell (reader, columns, COL_REACH);
  double gpus = NAN, billing = 0;
  int reach_value = GP_REACHABILITY_IN_CHINA;
  GpGpu *gpu;
  Column bad = N_COLUMNS;

  quote->provider = g_strdup (cell (reader, columns, COL_PROVIDER));
  quote->name = g_strdup (cell (reader, columns, COL_INSTANCE));
  quote->currency = g_ascii_strup (cell (reader, columns, COL_CURRENCY) ?: "", -1);
  quote->region = g_strdup (cell (reader, columns, COL_REGION));
  quote->as_of = g_strdup (cell (reader, columns, COL_AS_OF));
  quote->source = g_strdup (cell (reader, columns, COL_SOURCE));

  if (!gp_parse_decimal (cell (reader, columns, COL_PRICE) ?: "", &quote->terms.price))
    bad = COL_PRICE;
  else if (!gp_parse_decimal (cell (reader, columns, COL_GPUS) ?: "", &gpus) ||
           gpus != floor (gpus) || gpus < 1 || gpus > 1024)
    bad = COL_GPUS;
  else if (cell (reader, columns, COL_BILLING) != NULL &&
           !gp_parse_decimal (cell (reader, columns, COL_BILLING), &billing))
    bad = COL_BILLING;
  else if (!parse_per (cell (reader, columns, COL_PER), &quote->terms.per))
    bad = COL_PER;
  else if (reach != NULL && (!gp_enum_from_nick (GP_TYPE_REACHABILITY, reach, &reach_value) ||
                             reach_value == GP_REACHABILITY_UNKNOWN))
    bad = COL_REACH;
  if (bad != N_COLUMNS)
    {
      const char *text = cell (reader, columns, bad);

      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                   /* Translators: a cell of a price sheet that cannot be read: file, line,
                    * column, what it holds */
                   _("%s:%u: %s: cannot read “%s”"), file, line, column_names[bad][0],
                   text != NULL ? text : "");
      return NULL;
    }
  quote->gpu_count = (guint) gpus;
  quote->terms.billing_increment_s = billing;
  quote->reach = reach_value;

  gpu = gpu_text != NULL ? match_gpu (models, gpus_named, gpu_text) : NULL;
  if (gpu == NULL)
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                   _("%s:%u: gpu: no GPU model “%s” in the catalog (see “gpus”)"), file, line,
                   gpu_text != NULL ? gpu_text : "");
      return NULL;
    }
  quote->gpu = g_strdup (gp_gpu_get_id (gpu));

  {
    g_autoptr(GError) local_error = NULL;

    if (!gp_quote_check (quote, &local_error))
      {
        g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT, "%s:%u: %s", file, line,
                     local_error->message);
        return NULL;
      }
  }
  return g_steal_pointer (&quote);
}

/* A sheet saved by Excel or WPS in Chinese is in GB18030 (GBK), not UTF-8: such a sheet is read
 * in that encoding rather than refused, and the caller says so. */
static GBytes *
dup_utf8 (GBytes      *csv,
          const char  *file,
          const char **encoding,
          GError     **error)
{
  gsize length;
  const char *text = g_bytes_get_data (csv, &length);
  g_autofree char *converted = NULL;
  gsize converted_length = 0;

  *encoding = "UTF-8";
  if (text == NULL || gp_text_is_utf8 (text, length))
    return g_bytes_ref (csv);
  converted = g_convert (text, (gssize) length, "UTF-8", "GB18030", NULL, &converted_length, NULL);
  if (converted == NULL || !gp_text_is_utf8 (converted, converted_length))
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                   /* Translators: a price sheet in an encoding the app cannot read: the file */
                   _("%s: the text is neither UTF-8 nor GB18030 (GBK): save the sheet as “CSV "
                      "UTF-8”"),
                   file);
      return NULL;
    }
  *encoding = "GB18030";
  return g_bytes_new_take (g_steal_pointer (&converted), converted_length);
}

/* A column whose header no quote field takes is refused (a unit there would be lost), except
 * one of notes. */
GPtrArray *
gp_quote_sheet_read (GListModel   *gpus,
                     GBytes       *csv,
                     const char   *file,
                     const char  **encoding,
                     GError      **error)
{
  g_autoptr(GpCsvReader) reader = NULL;
  g_autoptr(GPtrArray) quotes = g_ptr_array_new_with_free_func ((GDestroyNotify) gp_quote_free);
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GBytes) text = NULL;
  g_autoptr(GHashTable) gpus_named = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const char *read_as = NULL;
  int columns[N_COLUMNS];

  text = dup_utf8 (csv, file, &read_as, error);
  if (text == NULL)
    return NULL;
  reader = gp_import_open_csv (text, file, error);
  if (reader == NULL || !find_columns (reader, columns, file, error))
    return NULL;
  while (gp_csv_reader_next (reader, &local_error))
    {
      GpQuote *quote;

      /* A blank line between blocks of a sheet is no quote. */
      if (gp_csv_reader_get_n_fields (reader) == 1 && *gp_csv_reader_get (reader, 0) == '\0')
        continue;
      quote = read_row (gpus, gpus_named, reader, columns, file, error);
      if (quote == NULL)
        return NULL;
      g_ptr_array_add (quotes, quote);
    }
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  if (quotes->len == 0)
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                   _("%s: no quotes under the header"), file);
      return NULL;
    }
  if (encoding != NULL)
    *encoding = read_as;
  return g_steal_pointer (&quotes);
}

char *
gp_quote_sheet_template (GpQuoteSheetHeaders headers)
{
  GString *text = g_string_new (NULL);
  guint name = headers == GP_QUOTE_SHEET_CHINESE ? 1 : 0;

  for (guint c = 0; c < N_COLUMNS; c++)
    g_string_append_printf (text, "%s%s", c > 0 ? "," : "", column_names[c][name]);
  g_string_append (text, "\r\n");
  g_string_append (text, "AutoDL,RTX 5090 32GB x1,rtx-5090,1,3.03,CNY,");
  g_string_append (text, headers == GP_QUOTE_SHEET_CHINESE ? "小时" : "hour");
  g_string_append (text, ",1,,2025-11-25,https://github.com/hongping-zh/vesuvius-challenge/blob/"
                         "7dade898da8f20fab16ce3e99d60eb9e42bf3d69/AUTODL_SETUP.md,in-china\r\n");
  return g_string_free (text, FALSE);
}
