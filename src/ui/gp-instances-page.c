/* gp-instances-page.c — every offer of every platform and region, to filter, sort and compare
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The catalog's offers flow through the core's GpOfferSortModel, which filters and orders them,
 * then GpOfferRows (rows by position, kept when the offers under them change) into the column view;
 * nothing is copied. What matches and in which order comes from the core (GpOfferFilter and
 * GpOfferOrder); this page only binds its widgets to them and formats figures, and fills the
 * rows in again when the offers are filtered or sorted (GpRowFiller: those in sight at once,
 * the others after the frame).
 *
 * The filters in the sidebar are GpOfferFilterPane's; the page keeps the search entry, the
 * columns and their cells, the units and the offer details.
 *
 * One unit: most of it is the columns' cells, their figures and tooltips, which only this table
 * shows.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "gp-comparison.h"
#include "gp-currency.h"
#include "gp-display-currency.h"
#include "gp-estimate.h"
#include "gp-format.h"
#include "gp-instances-page.h"
#include "gp-offer-details.h"
#include "gp-offer-filter.h"
#include "gp-offer-filter-pane.h"
#include "gp-offer-sort-model.h"
#include "gp-offer-rows.h"
#include "gp-row-filler.h"
#include "gp-ui-widgets.h"

typedef enum
{
  UNIT_NONE,
  UNIT_MONEY,      /* per instance or per GPU, as the page counts */
  UNIT_MONEY_GPU,  /* always per GPU */
  UNIT_VALUE,
} ColumnUnit;

typedef struct
{
  const char    *id;       /* the name kept in settings */
  const char    *title;    /* translatable; a unit follows it in brackets */
  GpOfferColumn  column;
  gboolean       numeric;
  ColumnUnit     unit;
  int            width_chars;  /* the least a cell shows before it ellipsizes */
} ColumnDef;

static const ColumnDef column_defs[] = {
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

#define N_COLUMNS G_N_ELEMENTS (column_defs)

typedef struct _GpInstancesPage GpInstancesPage;

typedef struct
{
  GpInstancesPage     *page;
  const ColumnDef     *def;
  GtkColumnViewColumn *column;
} ColumnSlot;

struct _GpInstancesPage
{
  AdwBin               parent_instance;

  GpCatalog           *catalog;
  GpSettings          *settings;
  GpDisplayCurrency   *display;
  GpOfferFilter       *filter;
  GpOfferSortModel *sort_model; /* the offers shown, filtered and in order */
  GListModel *filter_model;     /* the same, once the catalog's models are attached */
  GpOfferRows *rows;            /* a row per offer shown, kept when they change */
  GtkMultiSelection   *selection;
  GPtrArray *selected; /* GpOffer: what the user selected */
  GpRowFiller *filler; /* the bound cells, each a ColumnSlot's */
  ColumnSlot           columns[N_COLUMNS];
  ColumnSlot          *probed;
  GObject             *probe_items[2];
  char                *currency;
  double               rate;
  gboolean             per_gpu;
  GpLabLocation lab_location; /* a lab in mainland China sees what it reaches */
  gboolean             syncing;
  gboolean             dirty;
  GpOfferCriterion     blamed;

  /* Template widgets */
  GtkColumnView       *column_view;
  AdwExpanderRow      *columns_row;
  GtkButton           *compare_button;
  GtkInscription *count_label;
  AdwComboRow         *currency_row;
  GpOfferDetails      *details;
  GpOfferFilterPane   *filter_pane;
  AdwStatusPage       *empty_page;
  AdwFlap             *filters_flap;
  AdwFlap             *flap;
  GtkLabel            *rate_label;
  GtkButton           *remove_filter_button;
  GtkStack            *results_stack;
  GtkSearchEntry      *search_entry;
  AdwComboRow         *unit_row;
};

G_DEFINE_FINAL_TYPE (GpInstancesPage, gp_instances_page, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_CATALOG,
  PROP_SETTINGS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void update_status (GpInstancesPage *self);

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

static char *
column_title (GpInstancesPage *self,
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
    g_string_append_printf (text, _("GPU only: the %s machine the GPUs must be attached to is "
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

/* The styles a cell can take, each a CSS class. A filter or a sort fills in every cell on
 * screen again, most to the style they had: only a change is handed to GTK, whose
 * add and remove look the class up each time. */
typedef enum
{
  CELL_STYLE_DIM = 1 << 0,      /* "unknown": the figure is not in the catalog */
  CELL_STYLE_ESTIMATE = 1 << 1, /* "estimate": a price worked out, not quoted ("≈ 4.408") */
  CELL_STYLE_DOUBTFUL = 1 << 2, /* "doubtful": a price the source is known to get wrong */
  CELL_STYLE_WARNING = 1 << 3,  /* "warning": a date older than the catalog's limit */
} CellStyle;

static const char *const cell_style_classes[] = { "unknown", "estimate", "doubtful", "warning" };

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

/* Looked up for every cell at every change: by quark, not by name. */
static G_DEFINE_QUARK (gp - cell - style, cell_style)

    static void set_cell_style (GtkWidget *label, CellStyle style)
{
  CellStyle was = GPOINTER_TO_UINT (g_object_get_qdata (G_OBJECT (label), cell_style_quark ()));

  if (style == was)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (cell_style_classes); i++)
    if ((style ^ was) & (1u << i))
      {
        if (style & (1u << i))
          gtk_widget_add_css_class (label, cell_style_classes[i]);
        else
          gtk_widget_remove_css_class (label, cell_style_classes[i]);
      }
  g_object_set_qdata (G_OBJECT (label), cell_style_quark (), GUINT_TO_POINTER (style));
}

/* Cells */

static GtkInscription *
cell_label (GtkListItem *item)
{
  GtkWidget *child = gtk_list_item_get_child (item);

  return GTK_IS_INSCRIPTION (child) ? GTK_INSCRIPTION (child)
                                    : GTK_INSCRIPTION (gtk_widget_get_first_child (child));
}

static GpOffer *
offer_of_item (GtkListItem *item)
{
  GpOfferRow *row = gtk_list_item_get_item (item);
  GpOffer *offer = row != NULL ? gp_offer_row_get_offer (row) : NULL;

  return offer != NULL && gp_offer_get_instance (offer) != NULL ? offer : NULL;
}

/* Whether the catalog has the figure a cell of @slot's column shows for @offer. */
static gboolean
cell_is_known (ColumnSlot *slot,
               GpOffer    *offer)
{
  g_autofree char *text = NULL;

  if (slot->def->numeric)
    return !isnan (gp_offer_get_column_value (offer, slot->def->column,
                                              slot->def->unit == UNIT_MONEY && slot->page->per_gpu,
                                              slot->page->rate));
  text = text_of (slot->page, offer, slot->def);
  return text != NULL;
}

/* A cell's tooltip, made when the pointer rests on it (gp_ui_set_tooltip_func()). */
static char *
make_cell_tooltip (GtkWidget *cell,
                   gpointer   data)
{
  GtkListItem *item = data;
  ColumnSlot *slot = g_object_get_data (G_OBJECT (cell), "gp-column-slot");
  GpOffer *offer = offer_of_item (item);

  if (offer == NULL)
    return NULL;
  return cell_tooltip (slot->page, offer, slot->def, cell_is_known (slot, offer));
}

static void
setup_cell_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               ColumnSlot               *slot)
{
  /* A GtkInscription, not a label: its size does not depend on its text, so filling it in
   * again when the offers are filtered or sorted measures nothing. */
  GtkWidget *label = gtk_inscription_new (NULL);

  gtk_inscription_set_xalign (GTK_INSCRIPTION (label), slot->def->numeric ? 1 : 0);
  /* Instance names differ at their ends ("Standard_NC24ads_A100_v4"): cut in the middle. */
  gtk_inscription_set_text_overflow (GTK_INSCRIPTION (label),
                                     slot->def->column == GP_OFFER_COLUMN_INSTANCE
                                         ? GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_MIDDLE
                                         : GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
  gtk_inscription_set_min_chars (GTK_INSCRIPTION (label), slot->def->width_chars);
  gtk_inscription_set_nat_chars (GTK_INSCRIPTION (label), slot->def->width_chars);
  if (slot->def->numeric)
    gtk_widget_add_css_class (label, "numeric");

  /* The instance's name carries a mark when its figures have a known problem. */
  if (slot->def->column == GP_OFFER_COLUMN_INSTANCE)
    {
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");

      gtk_widget_set_hexpand (label, TRUE);
      gtk_widget_add_css_class (icon, "warning");
      gtk_box_append (GTK_BOX (box), label);
      gtk_box_append (GTK_BOX (box), icon);
      gtk_list_item_set_child (item, box);
    }
  else
    gtk_list_item_set_child (item, label);

  g_object_set_data (G_OBJECT (gtk_list_item_get_child (item)), "gp-column-slot", slot);
  gp_ui_set_tooltip_func (gtk_list_item_get_child (item), make_cell_tooltip, item);
}

static void
bind_cell (ColumnSlot  *slot,
           GtkListItem *item)
{
  GpInstancesPage *self = slot->page;
  GpOffer *offer = offer_of_item (item);
  GtkInscription *label = cell_label (item);
  g_autofree char *text = NULL;
  gboolean known;

  if (offer == NULL)
    return;

  if (slot->def->numeric)
    {
      double value = gp_offer_get_column_value (offer, slot->def->column,
                                                slot->def->unit == UNIT_MONEY && self->per_gpu,
                                                self->rate);
      g_autofree char *figure = NULL;

      known = !isnan (value);
      figure = known ? format_number (slot->def, value) : g_strdup ("—");
      if (known && is_price_column (slot->def->column) &&
          gp_offer_get_price_basis (offer) == GP_PRICE_BASIS_DERIVED)
        /* Translators: an estimated price in a table cell, "≈ 4.408" */
        text = g_strdup_printf (C_("estimate", "≈ %s"), figure);
      else if (known && is_price_column (slot->def->column) &&
               gp_offer_get_price_basis (offer) == GP_PRICE_BASIS_GPU_ONLY)
        /* Translators: a price of the GPUs alone, without their host machine, in a table cell */
        text = g_strdup_printf (C_("gpu-only", "%s + host"), figure);
      else if (known && is_price_column (slot->def->column) &&
               gp_offer_is_doubtful (offer, pricing_of (slot->def->column)))
        /* Translators: a price the source is known to get wrong, in a table cell */
        text = g_strdup_printf (C_("doubtful", "%s ⚠"), figure);
      else
        text = g_steal_pointer (&figure);
    }
  else
    {
      text = text_of (self, offer, slot->def);
      known = text != NULL;
      if (!known)
        text = g_strdup ("—");
    }

  /* A cell set to the text it shows already is not laid out and drawn again: a filter or a sort
   * fills in every row on screen, and many cells (the provider, the date) stay as they were. */
  if (g_strcmp0 (gtk_inscription_get_text (label), text) != 0)
    gtk_inscription_set_text (label, text);
  set_cell_style (GTK_WIDGET (label), cell_style (self, offer, slot->def, known));

  if (slot->def->column == GP_OFFER_COLUMN_INSTANCE)
    gtk_widget_set_visible (gtk_widget_get_last_child (gtk_list_item_get_child (item)),
                            gp_offer_get_anomalies (offer) != GP_ANOMALY_NONE);
}

static void
fill_cell (GtkListItem *item,
           gpointer     slot,
           gpointer     user_data)
{
  bind_cell (slot, item);
}

static void
bind_cell_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              ColumnSlot               *slot)
{
  gp_row_filler_bind (slot->page->filler, item, slot);
}

static void
unbind_cell_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                ColumnSlot               *slot)
{
  gp_row_filler_unbind (slot->page->filler, item);
}

/* The column view's list of rows. */
static GtkWidget *
offers_list (GpInstancesPage *self)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->column_view));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_VIEW (child))
      return child;
  return NULL;
}

/* The cells say their offers again: those in sight at once, the others after the frame
 * (GpRowFiller). */
static void
refill_cells (GpInstancesPage *self)
{
  gp_row_filler_refill (self->filler, offers_list (self),
                        self->rows != NULL ? g_list_model_get_n_items (G_LIST_MODEL (self->rows))
                                           : 0);
}

/* The unit or the currency changed: the cells and the columns' titles say it again. */
static void
rebind_cells (GpInstancesPage *self)
{
  refill_cells (self);
  for (guint i = 0; i < N_COLUMNS; i++)
    {
      g_autofree char *title = column_title (self, self->columns[i].def);
      gtk_column_view_column_set_title (self->columns[i].column, title);
    }
}

/* Sorting */

/* GTK 4.8 cannot say which column the view sorts by (gtk_column_view_sorter_get_primary_
 * sort_column() is 4.10), so the page asks the view's sorter to compare two stand-ins: the
 * first column sorter it consults names itself, and the sign of the answer gives the
 * direction. The column sorters do nothing else: GpOfferSortModel orders (and filters) the
 * offers. */
static int
probe_column_cb (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  ColumnSlot *slot = user_data;

  slot->page->probed = slot;
  return -1;
}

static void
view_sorter_changed_cb (GpInstancesPage *self,
                        GtkSorterChange  change,
                        GtkSorter       *view_sorter)
{
  GtkWidget *list;
  GtkOrdering order;

  self->probed = NULL;
  order = gtk_sorter_compare (view_sorter, self->probe_items[0], self->probe_items[1]);
  if (self->probed == NULL || order == GTK_ORDERING_EQUAL)
    gp_offer_sort_model_set_column (self->sort_model, FALSE, GP_OFFER_COLUMN_PROVIDER, FALSE);
  else
    gp_offer_sort_model_set_column (self->sort_model, TRUE, self->probed->def->column,
                                    order == GTK_ORDERING_LARGER);

  /* The list view would keep the row that was at the top in sight, now somewhere in the
   * middle of the new order; a click on a header asks to see the new order's beginning.
   * (Setting the adjustment here fails: the rows are not laid out again yet.) */
  if (self->selection == NULL || g_list_model_get_n_items (G_LIST_MODEL (self->selection)) == 0)
    return;
  list = offers_list (self);
  if (list != NULL)
    gtk_widget_activate_action (list, "list.scroll-to-item", "u", 0);
  gp_row_filler_fill_first_rows (self->filler);
}

/* Columns */

static void
save_hidden_columns (GpInstancesPage *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) hidden = NULL;

  if (self->settings == NULL || self->syncing)
    return;

  for (guint i = 0; i < N_COLUMNS; i++)
    if (!gtk_column_view_column_get_visible (self->columns[i].column))
      g_strv_builder_add (builder, self->columns[i].def->id);

  hidden = g_strv_builder_end (builder);
  gp_settings_set_hidden_columns (self->settings, (const char * const *) hidden);
}

static void
column_visible_cb (GpInstancesPage *self)
{
  save_hidden_columns (self);
}

/* A column the user made wider or narrower keeps its width on the next start. */
static void
column_width_cb (GtkColumnViewColumn *column,
                 GParamSpec          *pspec,
                 ColumnSlot          *slot)
{
  GpInstancesPage *self = slot->page;

  if (self->settings != NULL && !self->syncing)
    gp_settings_set_column_width (self->settings, slot->def->id,
                                  gtk_column_view_column_get_fixed_width (column));
}

static void
apply_column_widths (GpInstancesPage *self)
{
  self->syncing = TRUE;
  for (guint i = 0; i < N_COLUMNS; i++)
    gtk_column_view_column_set_fixed_width (
        self->columns[i].column,
        gp_settings_get_column_width (self->settings, self->columns[i].def->id));
  self->syncing = FALSE;
}

static void
add_columns (GpInstancesPage *self)
{
  GtkSorter *view_sorter = gtk_column_view_get_sorter (self->column_view);

  for (guint i = 0; i < N_COLUMNS; i++)
    {
      ColumnSlot *slot = &self->columns[i];
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      g_autoptr(GtkCustomSorter) probe = gtk_custom_sorter_new (probe_column_cb, slot, NULL);
      g_autofree char *title = NULL;
      GtkWidget *check;

      slot->page = self;
      slot->def = &column_defs[i];
      g_signal_connect (factory, "setup", G_CALLBACK (setup_cell_cb), slot);
      g_signal_connect (factory, "bind", G_CALLBACK (bind_cell_cb), slot);
      g_signal_connect (factory, "unbind", G_CALLBACK (unbind_cell_cb), slot);

      title = column_title (self, slot->def);
      slot->column = gtk_column_view_column_new (title, factory);
      gtk_column_view_column_set_sorter (slot->column, GTK_SORTER (probe));
      gtk_column_view_column_set_resizable (slot->column, TRUE);
      /* Room to spare goes to the names that are cut when short: the instance, the region
       * with its city, the GPU. */
      gtk_column_view_column_set_expand (slot->column,
                                         slot->def->column == GP_OFFER_COLUMN_INSTANCE ||
                                             slot->def->column == GP_OFFER_COLUMN_REGION ||
                                             slot->def->column == GP_OFFER_COLUMN_GPU);
      gtk_column_view_append_column (self->column_view, slot->column);
      g_object_unref (slot->column);

      check = gp_ui_check_row_new (self->columns_row, _(slot->def->title));
      g_object_bind_property (slot->column, "title", check, "title", G_BINDING_SYNC_CREATE);
      g_object_bind_property (slot->column, "visible",
                              adw_action_row_get_activatable_widget (ADW_ACTION_ROW (check)),
                              "active", G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
      g_signal_connect (slot->column, "notify::fixed-width", G_CALLBACK (column_width_cb), slot);
      g_signal_connect_object (slot->column, "notify::visible", G_CALLBACK (column_visible_cb),
                               self, G_CONNECT_SWAPPED);
    }

  g_signal_connect_object (view_sorter, "changed", G_CALLBACK (view_sorter_changed_cb), self,
                           G_CONNECT_SWAPPED);
}

static void
apply_hidden_columns (GpInstancesPage *self)
{
  g_auto(GStrv) hidden = gp_settings_dup_hidden_columns (self->settings);

  self->syncing = TRUE;
  for (guint i = 0; i < N_COLUMNS; i++)
    gtk_column_view_column_set_visible (self->columns[i].column,
                                        !g_strv_contains ((const char * const *) hidden,
                                                          self->columns[i].def->id));
  self->syncing = FALSE;
}

/* Currency and unit */

static void
read_currency (GpInstancesPage *self)
{
  const char *from = self->catalog != NULL ? gp_catalog_get_currency (self->catalog) : "USD";
  g_autofree char *rate_label = NULL;
  double rate;

  if (self->display == NULL)
    return;

  g_free (self->currency);
  self->currency = g_strdup (gp_display_currency_resolve (self->display, from, &rate));
  self->rate = rate;
  self->per_gpu = gp_display_currency_get_per_gpu (self->display);

  gp_offer_filter_set_exchange_rate (self->filter, rate);
  gp_offer_filter_set_per_gpu (self->filter, self->per_gpu);
  gp_offer_sort_model_set_per_gpu (self->sort_model, self->per_gpu);

  rebind_cells (self);
  rate_label = gp_display_currency_dup_rate_label (self->display, self->catalog);
  gtk_label_set_text (self->rate_label, rate_label);
  if (gtk_widget_get_visible (GTK_WIDGET (self->details)) && adw_flap_get_reveal_flap (self->flap))
    gp_offer_details_show (self->details, self->catalog,
                           gp_offer_details_get_offer (self->details), self->currency, self->rate);
}

static gboolean
currency_to_selected (GBinding     *binding,
                      const GValue *from,
                      GValue       *to,
                      gpointer      user_data)
{
  const char * const *codes = gp_currency_get_codes ();
  const char *code = g_value_get_string (from);

  for (guint i = 0; codes[i] != NULL; i++)
    if (g_strcmp0 (codes[i], code) == 0)
      {
        g_value_set_uint (to, i);
        return TRUE;
      }

  return FALSE;
}

static gboolean
selected_to_currency (GBinding     *binding,
                      const GValue *from,
                      GValue       *to,
                      gpointer      user_data)
{
  const char * const *codes = gp_currency_get_codes ();
  guint selected = g_value_get_uint (from);

  if (selected >= g_strv_length ((char **) codes))
    return FALSE;
  g_value_set_string (to, codes[selected]);
  return TRUE;
}

static gboolean
unit_to_selected (GBinding     *binding,
                  const GValue *from,
                  GValue       *to,
                  gpointer      user_data)
{
  g_value_set_uint (to, g_strcmp0 (g_value_get_string (from), "gpu") == 0 ? 1 : 0);
  return TRUE;
}

static gboolean
selected_to_unit (GBinding     *binding,
                  const GValue *from,
                  GValue       *to,
                  gpointer      user_data)
{
  g_value_set_string (to, g_value_get_uint (from) == 1 ? "gpu" : "instance");
  return TRUE;
}

/* Filters: the search entry is the page's, the other widgets the filter pane's */

static void
search_changed_cb (GpInstancesPage *self)
{
  if (!self->syncing)
    gp_offer_filter_set_search (self->filter,
                                gtk_editable_get_text (GTK_EDITABLE (self->search_entry)));
}

static void
sync_search (GpInstancesPage *self)
{
  const char *search = gp_offer_filter_get_search (self->filter);

  self->syncing = TRUE;
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->search_entry)),
                 search != NULL ? search : "") != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->search_entry), search != NULL ? search : "");
  self->syncing = FALSE;
}

static void
filter_changed_cb (GpInstancesPage *self)
{
  sync_search (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "instances.clear-filters",
                                 gp_offer_filter_get_active (self->filter) !=
                                     GP_OFFER_CRITERION_NONE);
  if (self->filter_model != NULL)
    gp_offer_sort_model_refilter (self->sort_model);
  update_status (self);
}

/* The status: how many offers, or why none */

static void
update_status (GpInstancesPage *self)
{
  guint shown, total;
  g_autofree char *count = NULL;

  if (self->filter_model == NULL || self->catalog == NULL)
    return;

  shown = g_list_model_get_n_items (G_LIST_MODEL (self->filter_model));
  total = gp_catalog_count_offers (self->catalog, gp_offer_filter_get_include_zones (self->filter));
  if (shown == total)
    count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u offer", "%u offers", total), total);
  else
    /* Translators: "12 of 80 offers" */
    count = g_strdup_printf (
        g_dngettext (GETTEXT_PACKAGE, "%u of %u offer", "%u of %u offers", total), shown, total);
  gtk_inscription_set_text (self->count_label, count);
  /* With none shown, none is selected: the rows wait hidden for offers to come back. */
  if (shown == 0)
    g_ptr_array_set_size (self->selected, 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "instances.add-to-comparison",
                                 self->selected->len > 0);

  if (shown > 0)
    {
      self->blamed = GP_OFFER_CRITERION_NONE;
      gtk_stack_set_visible_child_name (self->results_stack, "list");
    }
  else
    {
      g_autofree char *text = NULL;

      self->blamed = gp_offer_filter_explain_empty (self->filter,
                                                    gp_catalog_get_offers (self->catalog));
      text = gp_offer_filter_dup_explanation (self->filter, self->blamed, self->catalog,
                                              self->currency, self->per_gpu);
      /* Set here, not in the template: a large icon loads the SVG renderer. */
      adw_status_page_set_icon_name (self->empty_page, "edit-find-symbolic");
      adw_status_page_set_description (self->empty_page, text);
      gtk_widget_set_visible (GTK_WIDGET (self->remove_filter_button),
                              self->blamed != GP_OFFER_CRITERION_NONE);
      gtk_stack_set_visible_child_name (self->results_stack, "empty");
    }
}

/* The offers the user selected, to select again where the filter or the order puts them. */
static void
selection_changed_cb (GpInstancesPage *self)
{
  g_autoptr(GtkBitset) selected = NULL;
  GtkBitsetIter iter;
  guint position;

  if (self->selection == NULL || gp_offer_rows_is_refreshing (self->rows) ||
      gp_offer_rows_is_held (self->rows))
    return;

  selected = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  g_ptr_array_set_size (self->selected, 0);
  for (gboolean more = gtk_bitset_iter_init_first (&iter, selected, &position); more;
       more = gtk_bitset_iter_next (&iter, &position))
    g_ptr_array_add (self->selected,
                     g_list_model_get_item (G_LIST_MODEL (self->filter_model), position));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "instances.add-to-comparison",
                                 self->selected->len > 0);
}

/* The offers were filtered or sorted again: the rows on screen say their new offers, and the
 * selected offers still shown stay selected, wherever they are now. */
static void
rows_refreshed_cb (GpInstancesPage *self)
{
  g_autoptr(GHashTable) wanted = g_hash_table_new (NULL, NULL);
  g_autoptr(GtkBitset) selected = gtk_bitset_new_empty ();
  g_autoptr(GtkBitset) all = NULL;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->filter_model));

  refill_cells (self);
  for (guint i = 0; i < self->selected->len; i++)
    g_hash_table_add (wanted, g_ptr_array_index (self->selected, i));
  for (guint i = 0; i < n && gtk_bitset_get_size (selected) < self->selected->len; i++)
    {
      g_autoptr(GpOffer) offer = g_list_model_get_item (G_LIST_MODEL (self->filter_model), i);

      if (g_hash_table_contains (wanted, offer))
        gtk_bitset_add (selected, i);
    }
  all = gtk_bitset_new_range (0, n);
  gtk_selection_model_set_selection (GTK_SELECTION_MODEL (self->selection), selected, all);
}

/* Models */

static void
attach_models (GpInstancesPage *self)
{
  self->dirty = FALSE;
  /* The sort model follows the catalog by itself. */
  if (self->filter_model != NULL)
    return;

  gp_offer_sort_model_set_filter (self->sort_model, self->filter);
  self->filter_model = g_object_ref (G_LIST_MODEL (self->sort_model));
  self->rows = gp_offer_rows_new (g_object_ref (self->filter_model));
  self->selection = gtk_multi_selection_new (g_object_ref (G_LIST_MODEL (self->rows)));
  g_signal_connect_object (self->filter_model, "items-changed", G_CALLBACK (update_status), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->rows, "refreshed", G_CALLBACK (rows_refreshed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->selection, "selection-changed", G_CALLBACK (selection_changed_cb),
                           self, G_CONNECT_SWAPPED);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
}

static void
catalog_changed_cb (GpInstancesPage *self)
{
  GpOffer *shown = gp_offer_details_get_offer (self->details);

  /* The sort model refilters the new offers by itself, and says so (update_status). */
  update_status (self);

  /* The details follow the offer into the new catalog, or close when it left. */
  if (shown != NULL)
    {
      g_autofree char *id = gp_offer_get_instance (shown) != NULL ? gp_offer_dup_id (shown) : NULL;
      const char *at = id != NULL ? strrchr (id, '@') : NULL;
      g_autofree char *instance_id = at != NULL ? g_strndup (id, at - id) : NULL;
      GpInstance *instance =
          instance_id != NULL ? gp_catalog_find_instance (self->catalog, instance_id) : NULL;
      GpOffer *offer = instance != NULL ? gp_instance_find_offer (instance, at + 1) : NULL;

      if (offer != NULL)
        gp_offer_details_show (self->details, self->catalog, offer, self->currency, self->rate);
      else
        gtk_widget_activate_action (GTK_WIDGET (self), "instances.close-details", NULL);
    }
}

static void
gp_instances_page_map (GtkWidget *widget)
{
  GpInstancesPage *self = GP_INSTANCES_PAGE (widget);

  GTK_WIDGET_CLASS (gp_instances_page_parent_class)->map (widget);

  /* Nothing is filtered for a page nobody has looked at. */
  if (self->dirty && self->catalog != NULL)
    {
      attach_models (self);
      update_status (self);
    }
}

/* A page taken off screen paints no frame for its rows out of sight to wait for. */
static void
gp_instances_page_unmap (GtkWidget *widget)
{
  GpInstancesPage *self = GP_INSTANCES_PAGE (widget);

  gp_row_filler_fill_now (self->filler);
  GTK_WIDGET_CLASS (gp_instances_page_parent_class)->unmap (widget);
}

/* Actions */

static void
add_to_comparison_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  GpInstancesPage *self = GP_INSTANCES_PAGE (widget);
  g_autoptr(GtkBitset) selected = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) ids = NULL;
  GtkBitsetIter iter;
  guint position;

  if (self->selection == NULL)
    return;

  selected = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  for (gboolean more = gtk_bitset_iter_init_first (&iter, selected, &position);
       more;
       more = gtk_bitset_iter_next (&iter, &position))
    {
      g_autoptr(GpOffer) offer =
          g_list_model_get_item (G_LIST_MODEL (self->filter_model), position);
      g_autofree char *id = gp_offer_dup_id (offer);

      g_strv_builder_add (builder, id);
    }

  ids = g_strv_builder_end (builder);
  if (ids[0] != NULL)
    gtk_widget_activate_action_variant (widget, "win.compare",
                                        g_variant_new_strv ((const char * const *) ids, -1));
}

static void
compare_shown_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  GpInstancesPage *self = GP_INSTANCES_PAGE (widget);
  GpOffer *offer = gp_offer_details_get_offer (self->details);
  g_autofree char *id = NULL;

  if (offer == NULL || gp_offer_get_instance (offer) == NULL)
    return;

  id = gp_offer_dup_id (offer);
  gtk_widget_activate_action_variant (widget, "win.compare",
                                      g_variant_new_strv ((const char *[]) { id }, 1));
}

static void
clear_filters_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  gp_offer_filter_clear (GP_INSTANCES_PAGE (widget)->filter);
}

static void
remove_blamed_filter_action (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *parameter)
{
  GpInstancesPage *self = GP_INSTANCES_PAGE (widget);

  if (self->blamed != GP_OFFER_CRITERION_NONE)
    gp_offer_filter_clear_criterion (self->filter, self->blamed);
}

static void
close_details_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  GpInstancesPage *self = GP_INSTANCES_PAGE (widget);

  adw_flap_set_reveal_flap (self->flap, FALSE);
  gp_offer_details_show (self->details, self->catalog, NULL, self->currency, self->rate);
  gtk_widget_grab_focus (GTK_WIDGET (self->column_view));
}

static void
focus_search_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  gp_instances_page_focus_search (GP_INSTANCES_PAGE (widget));
}

static void
row_activated_cb (GpInstancesPage *self,
                  guint            position)
{
  g_autoptr(GpOffer) offer = g_list_model_get_item (G_LIST_MODEL (self->filter_model), position);

  if (offer != NULL)
    gp_instances_page_show_details (self, offer);
}

/* Lifecycle */

static void
gp_instances_page_dispose (GObject *object)
{
  GpInstancesPage *self = GP_INSTANCES_PAGE (object);

  if (self->catalog != NULL)
    g_signal_handlers_disconnect_by_func (self->catalog, catalog_changed_cb, self);
  /* Nothing is to update the widgets while they go. */
  gp_row_filler_forget (self->filler);
  if (self->filter_model != NULL)
    g_signal_handlers_disconnect_by_data (self->filter_model, self);
  if (self->selection != NULL)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  if (self->rows != NULL)
    g_signal_handlers_disconnect_by_data (self->rows, self);
  if (self->filter != NULL)
    g_signal_handlers_disconnect_by_data (self->filter, self);
  /* The flap is both the bin's child and a template child: the bin lets go of it first, or
   * it would unparent it again after the template has. */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), GP_TYPE_INSTANCES_PAGE);
  g_clear_object (&self->selection);
  g_clear_object (&self->rows);
  g_clear_object (&self->filter_model);
  g_clear_object (&self->sort_model);
  g_clear_object (&self->filter);
  g_clear_object (&self->catalog);
  g_clear_object (&self->settings);
  g_clear_object (&self->display);
  g_clear_object (&self->probe_items[0]);
  g_clear_object (&self->probe_items[1]);

  G_OBJECT_CLASS (gp_instances_page_parent_class)->dispose (object);
}

static void
gp_instances_page_finalize (GObject *object)
{
  GpInstancesPage *self = GP_INSTANCES_PAGE (object);

  g_object_unref (self->filler);
  g_ptr_array_unref (self->selected);
  g_free (self->currency);

  G_OBJECT_CLASS (gp_instances_page_parent_class)->finalize (object);
}

static void
gp_instances_page_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  GpInstancesPage *self = GP_INSTANCES_PAGE (object);

  switch (prop_id)
    {
    case PROP_CATALOG:
      g_value_set_object (value, gp_instances_page_get_catalog (self));
      break;

    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_instances_page_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  GpInstancesPage *self = GP_INSTANCES_PAGE (object);

  switch (prop_id)
    {
    case PROP_CATALOG:
      gp_instances_page_set_catalog (self, g_value_get_object (value));
      break;

    case PROP_SETTINGS:
      gp_instances_page_set_settings (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_instances_page_class_init (GpInstancesPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = gp_instances_page_dispose;
  object_class->finalize = gp_instances_page_finalize;
  object_class->get_property = gp_instances_page_get_property;
  object_class->set_property = gp_instances_page_set_property;

  widget_class->map = gp_instances_page_map;
  widget_class->unmap = gp_instances_page_unmap;

  properties[PROP_CATALOG] =
    g_param_spec_object ("catalog", NULL, NULL, GP_TYPE_CATALOG,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, GP_TYPE_SETTINGS,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (GP_TYPE_OFFER_DETAILS);
  g_type_ensure (GP_TYPE_OFFER_FILTER_PANE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE_PATH "/gp-instances-page.ui");
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, column_view);
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, columns_row);
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, compare_button);
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, count_label);
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, currency_row);
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, details);
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, empty_page);
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, filter_pane);
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, filters_flap);
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, flap);
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, rate_label);
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, remove_filter_button);
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, results_stack);
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, search_entry);
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, unit_row);

  gtk_widget_class_install_action (widget_class, "instances.add-to-comparison", NULL,
                                   add_to_comparison_action);
  gtk_widget_class_install_action (widget_class, "instances.compare-shown", NULL,
                                   compare_shown_action);
  gtk_widget_class_install_action (widget_class, "instances.clear-filters", NULL,
                                   clear_filters_action);
  gtk_widget_class_install_action (widget_class, "instances.remove-blamed-filter", NULL,
                                   remove_blamed_filter_action);
  gtk_widget_class_install_action (widget_class, "instances.close-details", NULL,
                                   close_details_action);
  gtk_widget_class_install_action (widget_class, "instances.focus-search", NULL,
                                   focus_search_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK,
                                       "instances.focus-search", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0,
                                       "instances.close-details", NULL);
}

static void
gp_instances_page_init (GpInstancesPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->filter = gp_offer_filter_new ();
  /* Zones are few people's choice: the page shows them when asked. */
  gp_offer_filter_set_include_zones (self->filter, FALSE);
  self->sort_model = gp_offer_sort_model_new ();
  self->filler = gp_row_filler_new (GTK_WIDGET (self), fill_cell, NULL);
  self->selected = g_ptr_array_new_with_free_func (g_object_unref);
  self->currency = g_strdup ("USD");
  self->rate = 1;
  self->probe_items[0] = g_object_new (G_TYPE_OBJECT, NULL);
  self->probe_items[1] = g_object_new (G_TYPE_OBJECT, NULL);

  add_columns (self);
  gp_ui_list_tab_leaves (GTK_WIDGET (self->column_view));
  gp_offer_filter_pane_set_filter (self->filter_pane, self->filter);

  g_signal_connect_object (self->filter, "changed", G_CALLBACK (filter_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->search_entry, "search-changed", G_CALLBACK (search_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->column_view, "activate", G_CALLBACK (row_activated_cb), self,
                           G_CONNECT_SWAPPED);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "instances.add-to-comparison", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "instances.clear-filters", FALSE);
}

/* API */

GpCatalog *
gp_instances_page_get_catalog (GpInstancesPage *self)
{
  g_return_val_if_fail (GP_IS_INSTANCES_PAGE (self), NULL);
  return self->catalog;
}

void
gp_instances_page_set_catalog (GpInstancesPage *self,
                               GpCatalog       *catalog)
{
  g_return_if_fail (GP_IS_INSTANCES_PAGE (self));
  g_return_if_fail (catalog == NULL || GP_IS_CATALOG (catalog));

  if (self->catalog == catalog)
    return;

  if (self->catalog != NULL)
    g_signal_handlers_disconnect_by_func (self->catalog, catalog_changed_cb, self);
  g_set_object (&self->catalog, catalog);

  if (catalog != NULL)
    {
      g_signal_connect_object (catalog, "changed", G_CALLBACK (catalog_changed_cb), self,
                               G_CONNECT_SWAPPED);
      gp_offer_filter_forget_catalog (self->filter);
      gp_offer_sort_model_set_catalog (self->sort_model, catalog);
      gp_offer_filter_pane_set_catalog (self->filter_pane, catalog);
      if (self->settings != NULL)
        read_currency (self);
      self->dirty = TRUE;
      if (gtk_widget_get_mapped (GTK_WIDGET (self)))
        {
          attach_models (self);
          update_status (self);
        }
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CATALOG]);
}

/* A lab in mainland China sees, in each region's cell, what it reaches across the border, and
 * with "usable only" only what it reaches and can pay. */
static void
read_lab_location (GpInstancesPage *self)
{
  GpLabLocation location = gp_settings_get_lab_location (self->settings);
  gboolean usable_only = FALSE, invoice_required = FALSE;

  g_object_get (self->settings, "usable-only", &usable_only, "invoice-required", &invoice_required,
                NULL);
  gp_offer_filter_set_usable_only (self->filter, usable_only, location, invoice_required);
  gp_offer_details_set_lab_location (self->details, location);
  if (location == self->lab_location)
    return;
  self->lab_location = location;
  refill_cells (self);
}

/**
 * gp_instances_page_set_settings:
 * @self: a #GpInstancesPage
 * @settings: the app's settings: the currency, its rates, the price unit and the hidden
 *   columns are read from them and kept there
 */
void
gp_instances_page_set_settings (GpInstancesPage *self,
                                GpSettings      *settings)
{
  g_return_if_fail (GP_IS_INSTANCES_PAGE (self));
  g_return_if_fail (GP_IS_SETTINGS (settings));

  if (!g_set_object (&self->settings, settings))
    return;

  g_object_bind_property_full (settings, "currency", self->currency_row, "selected",
                               G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL,
                               currency_to_selected, selected_to_currency, NULL, NULL);
  g_object_bind_property_full (settings, "price-unit", self->unit_row, "selected",
                               G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL, unit_to_selected,
                               selected_to_unit, NULL, NULL);
  apply_hidden_columns (self);
  apply_column_widths (self);
  g_set_object (&self->display, gp_settings_get_display_currency (settings));
  g_signal_connect_object (self->display, "changed", G_CALLBACK (read_currency), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (settings, "notify::instances-hidden-columns",
                           G_CALLBACK (apply_hidden_columns), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (settings, "notify::lab-location", G_CALLBACK (read_lab_location), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (settings, "notify::invoice-required", G_CALLBACK (read_lab_location),
                           self, G_CONNECT_SWAPPED);
  g_object_bind_property (settings, "usable-only", self->filter, "usable-only",
                          G_BINDING_BIDIRECTIONAL);
  read_currency (self);
  read_lab_location (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SETTINGS]);
}

/**
 * gp_instances_page_get_filter:
 * @self: a #GpInstancesPage
 *
 * Returns: (transfer none): the filter the page's widgets are bound to
 */
GpOfferFilter *
gp_instances_page_get_filter (GpInstancesPage *self)
{
  g_return_val_if_fail (GP_IS_INSTANCES_PAGE (self), NULL);
  return self->filter;
}

/**
 * gp_instances_page_get_offers:
 * @self: a #GpInstancesPage
 *
 * Returns: (transfer none) (nullable): the offers shown, in their order; %NULL until the page
 *   has been on screen with a catalog
 */
GListModel *
gp_instances_page_get_offers (GpInstancesPage *self)
{
  g_return_val_if_fail (GP_IS_INSTANCES_PAGE (self), NULL);
  return self->filter_model != NULL ? G_LIST_MODEL (self->filter_model) : NULL;
}

/**
 * gp_instances_page_get_column:
 * @self: a #GpInstancesPage
 * @id: a column's id, as kept in settings: "on-demand", "gpu-memory", …
 *
 * Returns: (transfer none) (nullable): the column
 */
GtkColumnViewColumn *
gp_instances_page_get_column (GpInstancesPage *self,
                              const char      *id)
{
  g_return_val_if_fail (GP_IS_INSTANCES_PAGE (self), NULL);

  for (guint i = 0; i < N_COLUMNS; i++)
    if (g_strcmp0 (self->columns[i].def->id, id) == 0)
      return self->columns[i].column;

  return NULL;
}

void
gp_instances_page_focus_search (GpInstancesPage *self)
{
  g_return_if_fail (GP_IS_INSTANCES_PAGE (self));
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

/**
 * gp_instances_page_show_details:
 * @self: a #GpInstancesPage
 * @offer: an offer of the page's catalog
 *
 * Opens the offer's details beside the list, or over it when the window is narrow.
 */
void
gp_instances_page_show_details (GpInstancesPage *self,
                                GpOffer         *offer)
{
  g_return_if_fail (GP_IS_INSTANCES_PAGE (self));
  g_return_if_fail (GP_IS_OFFER (offer));

  gp_offer_details_show (self->details, self->catalog, offer, self->currency, self->rate);
  adw_flap_set_reveal_flap (self->flap, TRUE);
}

/**
 * gp_instances_page_get_details_offer:
 * @self: a #GpInstancesPage
 *
 * Returns: (transfer none) (nullable): the offer whose details are open
 */
GpOffer *
gp_instances_page_get_details_offer (GpInstancesPage *self)
{
  g_return_val_if_fail (GP_IS_INSTANCES_PAGE (self), NULL);

  if (!adw_flap_get_reveal_flap (self->flap))
    return NULL;
  return gp_offer_details_get_offer (self->details);
}
