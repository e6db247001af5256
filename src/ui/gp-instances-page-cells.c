/* gp-instances-page-cells.c — the Instances table's cells: their figures, tooltips and styles
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "gp-instances-page-private.h"

const ColumnDef gp_instances_column_defs[N_COLUMNS] = {
  { "provider", N_("Provider"), GP_OFFER_COLUMN_PROVIDER, FALSE, UNIT_NONE, 10 },
  { "instance", N_("Instance"), GP_OFFER_COLUMN_INSTANCE, FALSE, UNIT_NONE, 12 },
  /* Beside the instance: the same machine in two regions must not read as two alike rows. */
  { "region", N_("Region"), GP_OFFER_COLUMN_REGION, FALSE, UNIT_NONE, 14 },
  { "gpu", N_("GPU"), GP_OFFER_COLUMN_GPU, FALSE, UNIT_NONE, 12 },
  { "gpu-count", N_("GPUs"), GP_OFFER_COLUMN_GPU_COUNT, TRUE, UNIT_NONE, 4 },
  /* Translators: a column's title: each GPU's memory, kept short for the table to fit */
  { "gpu-memory", N_("VRAM (GB)"), GP_OFFER_COLUMN_GPU_MEMORY, TRUE, UNIT_NONE },
  { "total-gpu-memory", N_("Total GPU Memory (GB)"), GP_OFFER_COLUMN_TOTAL_GPU_MEMORY, TRUE,
    UNIT_NONE },
  { "vcpus", N_("vCPUs"), GP_OFFER_COLUMN_VCPUS, TRUE, UNIT_NONE, 5 },
  { "memory", N_("RAM (GiB)"), GP_OFFER_COLUMN_MEMORY, TRUE, UNIT_NONE },
  { "on-demand", N_("On Demand"), GP_OFFER_COLUMN_ON_DEMAND, TRUE, UNIT_MONEY, 8 },
  { "spot", N_("Spot"), GP_OFFER_COLUMN_SPOT, TRUE, UNIT_MONEY, 8 },
  { "reserved-1y", N_("1-Year Commitment"), GP_OFFER_COLUMN_RESERVED_1Y, TRUE, UNIT_MONEY, 8 },
  /* Translators: a column's title: EC2 Capacity Blocks for ML, GPUs booked ahead for days */
  { "capacity-block", N_("Capacity Block"), GP_OFFER_COLUMN_CAPACITY_BLOCK, TRUE, UNIT_MONEY, 8 },
  { "per-gpu-hour", N_("Per GPU-Hour"), GP_OFFER_COLUMN_PER_GPU_HOUR, TRUE, UNIT_MONEY_GPU, 8 },
  { "value", N_("Value"), GP_OFFER_COLUMN_VALUE, TRUE, UNIT_VALUE, 7 },
  { "billing-increment", N_("Billing Increment"), GP_OFFER_COLUMN_BILLING_INCREMENT, TRUE,
    UNIT_NONE, 6 },
  /* Translators: a column's title: the date of an offer's prices */
  { "as-of", N_("As of"), GP_OFFER_COLUMN_AS_OF, FALSE, UNIT_NONE, 10 },
};

G_STATIC_ASSERT (G_N_ELEMENTS (gp_instances_column_defs) == N_COLUMNS);

/* Figures */

static char *
money_unit (GpInstancesPage *self,
            gboolean         per_gpu)
{
  const char *symbol = gp_currency_get_symbol (self->currency);

  if (symbol == NULL)
    symbol = self->currency;
  return per_gpu ? g_strdup_printf (C_("unit", "%s/GPU-h"), symbol)
                 : g_strdup_printf (C_("unit", "%s/h"), symbol);
}

char *
_gp_instances_page_column_title (GpInstancesPage *self,
                                 const ColumnDef *def)
{
  g_autofree char *unit = NULL;

  switch (def->unit)
    {
    case UNIT_MONEY:
      unit = money_unit (self, self->per_gpu);
      break;

    case UNIT_MONEY_GPU:
      unit = money_unit (self, TRUE);
      break;

    case UNIT_VALUE:
      {
        const char *symbol = gp_currency_get_symbol (self->currency);

        unit = g_strdup_printf (C_("unit", "TFLOPS per %s/h"), symbol ? symbol : self->currency);
      }
      break;

    case UNIT_NONE:
    default:
      return g_strdup (_(def->title));
    }

  return g_strdup_printf (C_("row label", "%s (%s)"), _(def->title), unit);
}

static char *
format_number (const ColumnDef *def,
               double           value)
{
  switch (def->column)
    {
    case GP_OFFER_COLUMN_ON_DEMAND:
    case GP_OFFER_COLUMN_SPOT:
    case GP_OFFER_COLUMN_RESERVED_1Y:
    case GP_OFFER_COLUMN_CAPACITY_BLOCK:
    case GP_OFFER_COLUMN_PER_GPU_HOUR:
      return g_strdup_printf ("%.3f", value);

    case GP_OFFER_COLUMN_VALUE:
      return g_strdup_printf ("%.1f", value);

    case GP_OFFER_COLUMN_BILLING_INCREMENT:
      return gp_format_seconds_short (value);

    default:
      return g_strdup_printf ("%g", value);
    }
}

/* The word a region's cell begins with, for a lab in mainland China; the tooltip says more. */
static const char *
reach_tag (GpReachability reach)
{
  switch (reach)
    {
    case GP_REACHABILITY_CROSS_BORDER:
      /* Translators: a short mark in a table cell: the lab in mainland China reaches this
       * region across the border */
      return C_("reach tag", "cross-border");
    case GP_REACHABILITY_UNREACHABLE:
      /* Translators: a short mark in a table cell: the lab in mainland China cannot reach it */
      return C_("reach tag", "unreachable");
    case GP_REACHABILITY_IN_CHINA:
    case GP_REACHABILITY_UNKNOWN:
    default:
      return NULL;
    }
}

static char *
text_of (GpInstancesPage *self,
         GpOffer         *offer,
         const ColumnDef *def)
{
  GpInstance *instance = gp_offer_get_instance (offer);

  switch (def->column)
    {
    case GP_OFFER_COLUMN_PROVIDER:
      /* The short name ("SageMaker"), the whole one in the tooltip: the region must fit too. */
      return g_strdup (gp_provider_get_short_name (gp_instance_get_provider (instance)));

    case GP_OFFER_COLUMN_INSTANCE:
      return g_strdup (gp_instance_get_name (instance));

    case GP_OFFER_COLUMN_GPU:
      return g_strdup (gp_gpu_get_name (gp_instance_get_gpu (instance)));

    case GP_OFFER_COLUMN_REGION:
      {
        g_autofree char *place = gp_offer_dup_region_label (offer);
        const char *mark = reach_tag (gp_offer_get_reach (offer, self->lab_location));

        /* For a lab in mainland China, what it reaches across the border, or not at all, says
         * so before its place, where a narrow column still shows it. */
        if (mark == NULL || place == NULL)
          return g_steal_pointer (&place);
        /* Translators: how a lab in mainland China reaches a region, then the region:
         * "cross-border · Tokyo (ap-northeast-1)" */
        return g_strdup_printf (C_("reach", "%s · %s"), mark, place);
      }

    case GP_OFFER_COLUMN_AS_OF:
      return g_strdup (gp_offer_get_as_of (offer));

    default:
      return NULL;
    }
}

/* The columns whose figures rest on a price: an estimated or doubtful price makes them so too. */
static gboolean
is_price_column (GpOfferColumn column)
{
  return column == GP_OFFER_COLUMN_ON_DEMAND || column == GP_OFFER_COLUMN_SPOT ||
         column == GP_OFFER_COLUMN_RESERVED_1Y || column == GP_OFFER_COLUMN_CAPACITY_BLOCK ||
         column == GP_OFFER_COLUMN_PER_GPU_HOUR || column == GP_OFFER_COLUMN_VALUE;
}

static GpEstimatePricing
pricing_of (GpOfferColumn column)
{
  switch (column)
    {
    case GP_OFFER_COLUMN_SPOT:
      return GP_ESTIMATE_PRICING_SPOT;

    case GP_OFFER_COLUMN_RESERVED_1Y:
      return GP_ESTIMATE_PRICING_RESERVED_1Y;

    case GP_OFFER_COLUMN_CAPACITY_BLOCK:
      return GP_ESTIMATE_PRICING_CAPACITY_BLOCK;

    default:
      return GP_ESTIMATE_PRICING_ON_DEMAND;
    }
}

/* What a price cell says beyond its figure: how it was estimated, what is wrong with the
 * source's figure, what the provider listed it as. */
static char *
price_tooltip (GpInstancesPage *self,
               GpOffer         *offer,
               const ColumnDef *def)
{
  GpInstance *instance = gp_offer_get_instance (offer);
  GpEstimatePricing pricing = pricing_of (def->column);
  g_autoptr(GString) text = g_string_new (NULL);
  double listed = gp_offer_get_listed_price (offer, pricing);
  const char *currency = gp_offer_get_currency (offer);

  if (gp_offer_get_price_basis (offer) == GP_PRICE_BASIS_DERIVED)
    {
      g_autofree char *rule = gp_instance_dup_derived_rule_text (instance);

      g_string_append_printf (text, _("Estimated, not quoted: %s"), rule);
    }
  if (gp_offer_get_price_basis (offer) == GP_PRICE_BASIS_GPU_ONLY)
    g_string_append_printf (text,
                            _("GPU only: the %s machine the GPUs must be attached to is "
                               "not included"),
                            gp_instance_get_host_required (instance));
  if (gp_offer_is_doubtful (offer, pricing))
    {
      g_autofree char *problems = gp_format_anomalies (gp_offer_get_anomalies (offer));

      if (text->len > 0)
        g_string_append (text, "\n");
      g_string_append_printf (text, _("The source’s figure is doubtful: %s"), problems);
    }
  if (g_strcmp0 (currency, gp_catalog_get_currency (self->catalog)) != 0 && !isnan (listed) &&
      def->column != GP_OFFER_COLUMN_PER_GPU_HOUR && def->column != GP_OFFER_COLUMN_VALUE)
    {
      g_autofree char *money = gp_format_money (listed, currency);

      if (text->len > 0)
        g_string_append (text, "\n");
      /* Translators: a price as the provider lists it, in its own currency ("¥14.40") */
      g_string_append_printf (text, _("Listed by the provider at %s an hour"), money);
    }
  /* A price dated apart from the row's (a spot price from another file) says its own date. */
  if (g_strcmp0 (gp_offer_get_price_as_of (offer, pricing), gp_offer_get_as_of (offer)) != 0)
    {
      if (text->len > 0)
        g_string_append (text, "\n");
      /* Translators: the date of one price of a row whose other prices are of another date */
      g_string_append_printf (text, _("This price as of %s"),
                              gp_offer_get_price_as_of (offer, pricing));
    }

  return text->len > 0 ? g_string_free (g_steal_pointer (&text), FALSE) : NULL;
}

/* Where a region is, in words: "Asia Pacific (Tokyo) · Tokyo, Japan · Asia Pacific", and what
 * kind of place a zone is. */
static char *
region_tooltip (GpRegion *region)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);

  if (region == NULL)
    return NULL;
  if (gp_region_get_name (region) != NULL)
    g_ptr_array_add (parts, g_strdup (gp_region_get_name (region)));
  if (gp_region_get_city (region) != NULL || gp_region_get_country (region) != NULL)
    {
      g_autofree char *area = gp_region_dup_place_area (region);
      g_ptr_array_add (parts, gp_area_dup_label (area));
    }
  else if (gp_region_get_location (region) != NULL)
    g_ptr_array_add (parts, g_strdup (gp_region_get_location (region)));
  if (gp_region_get_display_geography (region) != NULL)
    g_ptr_array_add (parts, g_strdup (gp_region_get_display_geography (region)));
  if (gp_region_is_zone (region))
    g_ptr_array_add (parts, g_strdup (gp_format_region_kind (gp_region_get_kind (region))));
  if (parts->len == 0)
    return NULL;

  g_ptr_array_add (parts, NULL);
  return g_strjoinv (" · ", (char **) parts->pdata);
}

static guint
stale_after_days (GpInstancesPage *self)
{
  return self->catalog != NULL ? gp_catalog_get_stale_after_days (self->catalog)
                               : GP_STALE_AFTER_DAYS;
}

/* What the pointer over a cell tells beyond its text: where a region is, what a date's
 * source is, a spot price's range, how a price was estimated, why a figure is blank. */
static char *
cell_tooltip (GpInstancesPage *self,
              GpOffer         *offer,
              const ColumnDef *def,
              gboolean         known)
{
  /* The date a row shows is its on-demand price's. */
  GpSource *source = gp_offer_get_price_source (offer, GP_ESTIMATE_PRICING_ON_DEMAND);
  double low, high;

  if (!known)
    return g_strdup (_("Not in the catalog: the figure is unknown"));

  switch (def->column)
    {
    case GP_OFFER_COLUMN_REGION:
      {
        g_autofree char *where = region_tooltip (gp_offer_get_region (offer));
        GpProvider *provider = gp_offer_get_provider (offer);
        GpReachability reach = gp_offer_get_reach (offer, self->lab_location);
        const char *note = gp_provider_get_reachability_note (provider);
        g_autoptr(GStrvBuilder) lines = NULL;

        /* How the lab reaches it, and the catalog's word on why: of the platform, or of a
         * region abroad of a platform in China, that it is abroad. */
        if (reach_tag (reach) == NULL)
          return g_steal_pointer (&where);
        if (reach != gp_provider_get_reachability (provider))
          note = _("This region is outside mainland China");
        lines = g_strv_builder_new ();
        if (where != NULL)
          g_strv_builder_add (lines, where);
        g_strv_builder_add (lines, gp_reachability_get_label (reach));
        if (note != NULL)
          g_strv_builder_add (lines, note);
        {
          g_auto(GStrv) joined = g_strv_builder_end (lines);

          return g_strjoinv ("\n", joined);
        }
      }

    case GP_OFFER_COLUMN_AS_OF:
      if (gp_offer_is_stale (offer, stale_after_days (self)))
        return g_strdup_printf (_("%s: more than %u days old, refresh the prices"),
                                source != NULL ? gp_source_get_title (source)
                                               : gp_offer_get_as_of (offer),
                                stale_after_days (self));
      return source != NULL ? g_strdup (gp_source_get_title (source)) : NULL;

    case GP_OFFER_COLUMN_SPOT:
      if (gp_offer_get_spot_range (offer, def->unit == UNIT_MONEY && self->per_gpu, self->rate,
                                   &low, &high))
        {
          g_autofree char *range = NULL;
          g_autofree char *more = price_tooltip (self, offer, def);

          /* Translators: the spot prices of a region's zones, lowest and highest */
          range = g_strdup_printf (_("%.3f to %.3f across the region’s zones"), low, high);
          return more != NULL ? g_strconcat (range, "\n", more, NULL) : g_steal_pointer (&range);
        }
      return price_tooltip (self, offer, def);

    case GP_OFFER_COLUMN_CAPACITY_BLOCK:
      if (!isnan (gp_offer_get_capacity_block (offer)))
        {
          g_autofree char *more = price_tooltip (self, offer, def);
          const char *what = _("An hour of a Capacity Block: the GPUs booked ahead for whole "
                                "days, paid upfront for the whole block");

          return more != NULL ? g_strconcat (what, "\n", more, NULL) : g_strdup (what);
        }
      return NULL;

    case GP_OFFER_COLUMN_ON_DEMAND:
    case GP_OFFER_COLUMN_RESERVED_1Y:
    case GP_OFFER_COLUMN_PER_GPU_HOUR:
    case GP_OFFER_COLUMN_VALUE:
      return price_tooltip (self, offer, def);

    case GP_OFFER_COLUMN_PROVIDER:
      return g_strdup (
          gp_provider_get_name (gp_instance_get_provider (gp_offer_get_instance (offer))));

    case GP_OFFER_COLUMN_INSTANCE:
      /* The whole name, which the cell may cut in the middle, and any known problem. */
      if (gp_offer_get_anomalies (offer) != GP_ANOMALY_NONE)
        {
          g_autofree char *problems = gp_format_anomalies (gp_offer_get_anomalies (offer));

          return g_strdup_printf ("%s\n%s", gp_instance_get_name (gp_offer_get_instance (offer)),
                                  problems);
        }
      return g_strdup (gp_instance_get_name (gp_offer_get_instance (offer)));

    default:
      return NULL;
    }
}

static CellStyle
cell_style (GpInstancesPage *self,
            GpOffer         *offer,
            const ColumnDef *def,
            gboolean         known)
{
  gboolean price = known && is_price_column (def->column);
  CellStyle style = known ? 0 : CELL_STYLE_DIM;

  if (price && gp_offer_get_price_basis (offer) != GP_PRICE_BASIS_QUOTED)
    style |= CELL_STYLE_ESTIMATE;
  if (price && gp_offer_is_doubtful (offer, pricing_of (def->column)))
    style |= CELL_STYLE_DOUBTFUL;
  if (def->column == GP_OFFER_COLUMN_AS_OF && gp_offer_is_stale (offer, stale_after_days (self)))
    style |= CELL_STYLE_WARNING;
  return style;
}

/* Cells */

static GpOffer *
offer_of_item (GtkListItem *item)
{
  GpOfferRow *row = gtk_list_item_get_item (item);
  GpOffer *offer = row != NULL ? gp_offer_row_get_offer (row) : NULL;

  return offer != NULL && gp_offer_get_instance (offer) != NULL ? offer : NULL;
}

/* What the cell of @column says of @offer, and in what style: a figure as the page counts it
 * (an estimated price "≈ 4.408"), a name, or a dash for what the catalog does not have. */
char *
_gp_instances_page_dup_cell (GpInstancesPage *self,
                             GpOffer         *offer,
                             guint            column,
                             guint           *style)
{
  const ColumnDef *def = &gp_instances_column_defs[column];
  g_autofree char *text = NULL;
  gboolean known;

  if (def->numeric)
    {
      double value = gp_offer_get_column_value (
          offer, def->column, def->unit == UNIT_MONEY && self->per_gpu, self->rate);
      g_autofree char *figure = NULL;

      known = !isnan (value);
      figure = known ? format_number (def, value) : g_strdup ("—");
      if (known && is_price_column (def->column) &&
          gp_offer_get_price_basis (offer) == GP_PRICE_BASIS_DERIVED)
        /* Translators: an estimated price in a table cell, "≈ 4.408" */
        text = g_strdup_printf (C_("estimate", "≈ %s"), figure);
      else if (known && is_price_column (def->column) &&
               gp_offer_get_price_basis (offer) == GP_PRICE_BASIS_GPU_ONLY)
        /* Translators: a price of the GPUs alone, without their host machine, in a table cell */
        text = g_strdup_printf (C_("gpu-only", "%s + host"), figure);
      else if (known && is_price_column (def->column) &&
               gp_offer_is_doubtful (offer, pricing_of (def->column)))
        /* Translators: a price the source is known to get wrong, in a table cell */
        text = g_strdup_printf (C_("doubtful", "%s ⚠"), figure);
      else
        text = g_steal_pointer (&figure);
    }
  else
    {
      text = text_of (self, offer, def);
      known = text != NULL;
      if (!known)
        text = g_strdup ("—");
    }

  *style = cell_style (self, offer, def, known);
  return g_steal_pointer (&text);
}

/* A cell's tooltip, made when the pointer rests on it; @known, whether the catalog has the
 * figure the cell shows. */
char *
_gp_instances_page_dup_cell_tooltip (GpInstancesPage *self,
                                     GpOffer         *offer,
                                     guint            column,
                                     gboolean         known)
{
  return cell_tooltip (self, offer, &gp_instances_column_defs[column], known);
}

void
_gp_instances_page_fill_row (GtkListItem *item,
                             gpointer     row,
                             gpointer     user_data)
{
  _gp_instances_row_fill (GP_INSTANCES_ROW (row), offer_of_item (item));
}

/* The width of the columns together, as the titles ask for it. */
void
_gp_instances_page_measure_columns (GpInstancesPage *self,
                                    int             *minimum,
                                    int             *natural)
{
  gtk_widget_measure (GTK_WIDGET (self->column_view), GTK_ORIENTATION_HORIZONTAL, -1, minimum,
                      natural, NULL, NULL);
}

gboolean
_gp_instances_page_column_shown (GpInstancesPage *self,
                                 guint            column)
{
  return gtk_column_view_column_get_visible (self->columns[column].column);
}

/* Where each column is, in @row's coordinates: under its title, which GtkColumnView places
 * (its widths, the user's resizing and reordering, the room to spare). The titles are the
 * header's children, one for each column in the columns' order. */
gboolean
_gp_instances_page_column_spans (GpInstancesPage *self,
                                 GtkWidget       *row,
                                 ColumnSpan       spans[N_COLUMNS])
{
  GtkWidget *header = gtk_widget_get_first_child (GTK_WIDGET (self->column_view));
  GListModel *columns = gtk_column_view_get_columns (self->column_view);
  GtkWidget *title = header != NULL ? gtk_widget_get_first_child (header) : NULL;
  graphene_rect_t origin;

  memset (spans, 0, sizeof (ColumnSpan) * N_COLUMNS);
  if (title == NULL || !gtk_widget_compute_bounds (header, row, &origin))
    return FALSE;
  for (guint i = 0; i < g_list_model_get_n_items (columns) && title != NULL; i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);
      graphene_rect_t bounds;

      /* A hidden column keeps its title, hidden. */
      for (guint k = 0; k < N_COLUMNS; k++)
        if (self->columns[k].column == column && gtk_column_view_column_get_visible (column) &&
            gtk_widget_compute_bounds (title, header, &bounds))
          spans[k] = (ColumnSpan){ origin.origin.x + bounds.origin.x, bounds.size.width };
      title = gtk_widget_get_next_sibling (title);
    }
  return TRUE;
}

/* The rows are measured and drawn again: a column moved, grew or shrank. */
void
_gp_instances_page_redraw_rows (GpInstancesPage *self)
{
  if (self->offers_list == NULL)
    return;
  for (GtkWidget *item = gtk_widget_get_first_child (GTK_WIDGET (self->offers_list)); item != NULL;
       item = gtk_widget_get_next_sibling (item))
    {
      GtkWidget *row = gtk_widget_get_first_child (item);

      if (row != NULL)
        gtk_widget_queue_resize (row);
    }
}

/* The rows say their offers again: those in sight at once, the others after the frame
 * (GpRowFiller). */
void
_gp_instances_page_refill_cells (GpInstancesPage *self)
{
  gp_row_filler_refill (self->filler, GTK_WIDGET (self->offers_list),
                        self->rows != NULL ? g_list_model_get_n_items (G_LIST_MODEL (self->rows))
                                           : 0);
}

/* The unit or the currency changed: the cells and the columns' titles say it again. */
void
_gp_instances_page_rebind_cells (GpInstancesPage *self)
{
  _gp_instances_page_refill_cells (self);
  for (guint i = 0; i < N_COLUMNS; i++)
    {
      g_autofree char *title = _gp_instances_page_column_title (self, self->columns[i].def);
      gtk_column_view_column_set_title (self->columns[i].column, title);
    }
}
