/* gp-quote-dialog.c — a price the lab was quoted, entered to compare with the catalog
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "gp-catalog-error.h"
#include "gp-currency.h"
#include "gp-format.h"
#include "gp-quote-dialog.h"
#include "gp-text.h"
#include "gp-ui-models.h"

struct _GpQuoteDialog
{
  AdwWindow parent_instance;

  GpCatalog *catalog;
  GListStore *gpus;
  GtkStringList *currencies;

  AdwEntryRow *provider_row;
  AdwEntryRow *name_row;
  AdwComboRow *gpu_row;
  GtkSpinButton *gpus_spin;
  GtkSpinButton *price_spin;
  AdwComboRow *per_row;
  AdwComboRow *currency_row;
  AdwComboRow *billing_row;
  AdwEntryRow *region_row;
  AdwEntryRow *as_of_row;
  AdwEntryRow *source_row;
  AdwComboRow *reach_row;
  GtkLabel *summary_label;
  GtkLabel *error_label;
  GtkButton *add_button;
  char *editing_id; /* the quote edited, or NULL to add one */
};

G_DEFINE_FINAL_TYPE (GpQuoteDialog, gp_quote_dialog, ADW_TYPE_WINDOW)

enum
{
  SIGNAL_ADDED,
  SIGNAL_SAVED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The Billed By row's choices, in seconds; 0 where the quote does not say. */
static const double billing_choices[] = { 0, 1, 60, 3600, 86400 };
/* The From Mainland China row's choices. */
static const GpReachability reach_choices[] = {
  GP_REACHABILITY_IN_CHINA,
  GP_REACHABILITY_CROSS_BORDER,
  GP_REACHABILITY_UNREACHABLE,
};

static char *
entry_text (AdwEntryRow *row)
{
  return g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));
}

static const char *
selected_currency (GpQuoteDialog *self)
{
  guint position = adw_combo_row_get_selected (self->currency_row);

  return position != GTK_INVALID_LIST_POSITION
             ? gtk_string_list_get_string (self->currencies, position)
             : "USD";
}

/* "provider: is needed" from the core, said by the row's title. */
static void
set_form_error (GError     **error,
                const char  *message)
{
  static const struct
  {
    const char *field;
    const char *row;
  } rows[] = {
    { "provider", N_("Provider") }, { "instance", N_("Machine Name") },
    { "source", N_("Source") },     { "region", N_("Region") },
    { "price", N_("Price") },       { "as_of", N_("Date of the Quote") },
    { "gpus", N_("GPUs") },         { "currency", N_("Currency") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    if (g_str_has_prefix (message, rows[i].field) && message[strlen (rows[i].field)] == ':')
      {
        /* Translators: what is wrong with a field of the quote form: its title, then why */
        g_set_error (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_INVALID_VALUE, _("%s: %s"),
                     _(rows[i].row), message + strlen (rows[i].field) + 2);
        return;
      }
  g_set_error_literal (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_INVALID_VALUE, message);
}

/**
 * gp_quote_dialog_dup_quote:
 * @self: the dialog
 * @error: what is wrong with the form, naming the row
 *
 * Returns: (transfer full) (nullable): the quote the form describes, checked
 */
GpQuote *
gp_quote_dialog_dup_quote (GpQuoteDialog  *self,
                           GError        **error)
{
  g_autoptr(GpQuote) quote = gp_quote_new ();
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GpGpu) gpu = NULL;
  guint position = adw_combo_row_get_selected (self->gpu_row);
  guint billing = adw_combo_row_get_selected (self->billing_row);
  guint reach = adw_combo_row_get_selected (self->reach_row);

  g_return_val_if_fail (GP_IS_QUOTE_DIALOG (self), NULL);

  if (position == GTK_INVALID_LIST_POSITION)
    {
      g_set_error_literal (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_INVALID_VALUE,
                           _("GPU Model: choose the machine’s GPUs"));
      return NULL;
    }
  gpu = g_list_model_get_item (G_LIST_MODEL (self->gpus), position);
  quote->provider = entry_text (self->provider_row);
  quote->name = entry_text (self->name_row);
  quote->gpu = g_strdup (gp_gpu_get_id (gpu));
  quote->gpu_count = (guint) gtk_spin_button_get_value_as_int (self->gpus_spin);
  quote->currency = g_strdup (selected_currency (self));
  quote->terms.price = gtk_spin_button_get_value (self->price_spin);
  quote->terms.per =
      adw_combo_row_get_selected (self->per_row) == 1 ? GP_QUOTE_PER_MONTH : GP_QUOTE_PER_HOUR;
  quote->terms.billing_increment_s =
      billing < G_N_ELEMENTS (billing_choices) ? billing_choices[billing] : 0;
  quote->region = entry_text (self->region_row);
  if (quote->region[0] == '\0')
    g_clear_pointer (&quote->region, g_free);
  quote->as_of = entry_text (self->as_of_row);
  quote->source = entry_text (self->source_row);
  quote->reach =
      reach < G_N_ELEMENTS (reach_choices) ? reach_choices[reach] : GP_REACHABILITY_IN_CHINA;
  quote->id = g_strdup (self->editing_id);
  if (!gp_quote_check (quote, &local_error))
    {
      set_form_error (error, local_error->message);
      return NULL;
    }
  return g_steal_pointer (&quote);
}

/* What the price comes to, as the form stands, or what is wrong. */
static void
update_summary (GpQuoteDialog *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GpQuote) quote = gp_quote_dialog_dup_quote (self, &error);
  g_autofree char *hour = NULL, *gpu_hour = NULL, *text = NULL;
  double per_hour;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "quote.add", quote != NULL);
  gtk_label_set_label (self->error_label, error != NULL ? error->message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), error != NULL);
  if (quote == NULL)
    {
      gtk_label_set_label (self->summary_label, "");
      return;
    }

  per_hour = gp_quote_terms_per_hour (&quote->terms);
  hour = gp_format_money (per_hour, quote->currency);
  gpu_hour = gp_format_money (per_hour / quote->gpu_count, quote->currency);
  if (quote->terms.per == GP_QUOTE_PER_MONTH)
    /* Translators: a month's rent as an hour's price; %.0f is 730 */
    text = g_strdup_printf (_("%s an hour over a month’s %.0f hours, %s a GPU-hour. A job "
                               "pays every month it begins, whole."),
                            hour, GP_QUOTE_HOURS_A_MONTH, gpu_hour);
  else
    /* Translators: a quote's price an hour, and of one GPU an hour */
    text = g_strdup_printf (_("%s an hour, %s a GPU-hour."), hour, gpu_hour);
  gtk_label_set_label (self->summary_label, text);
}

static void
add_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  GpQuoteDialog *self = GP_QUOTE_DIALOG (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(GpQuote) quote = gp_quote_dialog_dup_quote (self, &error);
  g_autoptr(GFile) file = gp_catalog_get_layer_location (GP_CATALOG_LAYER_USER);
  gboolean saved = FALSE;

  if (quote != NULL && self->editing_id != NULL)
    saved =
        gp_quote_layer_replace_in_catalog (self->catalog, file, self->editing_id, quote, &error);
  else if (quote != NULL)
    {
      g_autoptr(GPtrArray) quotes = g_ptr_array_new ();

      g_clear_pointer (&quote->id, g_free);
      g_ptr_array_add (quotes, quote);
      saved = gp_quote_layer_add_to_catalog (self->catalog, file, quotes, &error);
    }
  if (!saved)
    {
      /* Nothing was written: the user's layer is as it was. */
      gtk_label_set_label (self->error_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
      return;
    }

  g_signal_emit (self, signals[self->editing_id != NULL ? SIGNAL_SAVED : SIGNAL_ADDED], 0,
                 quote->id, quote->name);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
gp_quote_dialog_dispose (GObject *object)
{
  GpQuoteDialog *self = GP_QUOTE_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), GP_TYPE_QUOTE_DIALOG);
  g_clear_object (&self->catalog);
  g_clear_object (&self->gpus);
  g_clear_object (&self->currencies);
  g_clear_pointer (&self->editing_id, g_free);

  G_OBJECT_CLASS (gp_quote_dialog_parent_class)->dispose (object);
}

static void
gp_quote_dialog_class_init (GpQuoteDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = gp_quote_dialog_dispose;

  /**
   * GpQuoteDialog::added:
   * @self: the dialog
   * @id: the quote's id, "quote-autodl/rtx-4090-x1"
   * @name: its machine's name
   *
   * The quote is in the user's catalog layer and in the catalog.
   */
  signals[SIGNAL_ADDED] =
      g_signal_new ("added", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                    G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
  /**
   * GpQuoteDialog::saved:
   * @self: the dialog
   * @id: the quote's id now (a new one where its provider or name changed)
   * @name: its machine's name
   *
   * The quote as changed is in the user's catalog layer and in the catalog.
   */
  signals[SIGNAL_SAVED] =
      g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                    G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/gpuplanner/GpuPlanner/gp-quote-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, GpQuoteDialog, provider_row);
  gtk_widget_class_bind_template_child (widget_class, GpQuoteDialog, name_row);
  gtk_widget_class_bind_template_child (widget_class, GpQuoteDialog, gpu_row);
  gtk_widget_class_bind_template_child (widget_class, GpQuoteDialog, gpus_spin);
  gtk_widget_class_bind_template_child (widget_class, GpQuoteDialog, price_spin);
  gtk_widget_class_bind_template_child (widget_class, GpQuoteDialog, per_row);
  gtk_widget_class_bind_template_child (widget_class, GpQuoteDialog, currency_row);
  gtk_widget_class_bind_template_child (widget_class, GpQuoteDialog, billing_row);
  gtk_widget_class_bind_template_child (widget_class, GpQuoteDialog, region_row);
  gtk_widget_class_bind_template_child (widget_class, GpQuoteDialog, as_of_row);
  gtk_widget_class_bind_template_child (widget_class, GpQuoteDialog, source_row);
  gtk_widget_class_bind_template_child (widget_class, GpQuoteDialog, reach_row);
  gtk_widget_class_bind_template_child (widget_class, GpQuoteDialog, summary_label);
  gtk_widget_class_bind_template_child (widget_class, GpQuoteDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, GpQuoteDialog, add_button);
  gtk_widget_class_install_action (widget_class, "quote.add", NULL, add_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

/* Every change says at once what the price comes to, or what is wrong. */
static void
connect_changes (GpQuoteDialog *self)
{
  AdwEntryRow *entries[] = {
    self->provider_row, self->name_row, self->region_row, self->as_of_row, self->source_row,
  };
  AdwComboRow *combos[] = {
    self->gpu_row, self->per_row, self->currency_row, self->billing_row, self->reach_row,
  };

  for (guint i = 0; i < G_N_ELEMENTS (entries); i++)
    g_signal_connect_swapped (entries[i], "changed", G_CALLBACK (update_summary), self);
  for (guint i = 0; i < G_N_ELEMENTS (combos); i++)
    g_signal_connect_swapped (combos[i], "notify::selected", G_CALLBACK (update_summary), self);
  g_signal_connect_swapped (self->gpus_spin, "value-changed", G_CALLBACK (update_summary), self);
  g_signal_connect_swapped (self->price_spin, "value-changed", G_CALLBACK (update_summary), self);
}

static void
gp_quote_dialog_init (GpQuoteDialog *self)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *today = g_date_time_format (now, "%Y-%m-%d");
  g_autoptr(GtkExpression) gpu_name = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->gpus = g_list_store_new (GP_TYPE_GPU);
  self->currencies = gtk_string_list_new ((const char *const *) gp_currency_get_codes ());
  gpu_name = gtk_property_expression_new (GP_TYPE_GPU, NULL, "name");
  adw_combo_row_set_expression (self->gpu_row, gpu_name);
  adw_combo_row_set_model (self->gpu_row, G_LIST_MODEL (self->gpus));
  adw_combo_row_set_model (self->currency_row, G_LIST_MODEL (self->currencies));
  gtk_editable_set_text (GTK_EDITABLE (self->as_of_row), today);
  connect_changes (self);
}

/**
 * gp_quote_dialog_new:
 * @parent: the window it is for
 * @catalog: the catalog to add the quote to
 * @currency: (nullable): the currency prices are shown in, which the form starts with; %NULL
 *   for the catalog's
 *
 * Returns: (transfer none): the dialog, to present
 */
GpQuoteDialog *
gp_quote_dialog_new (GtkWindow  *parent,
                     GpCatalog  *catalog,
                     const char *currency)
{
  GpQuoteDialog *self = g_object_new (GP_TYPE_QUOTE_DIALOG, "transient-for", parent, NULL);

  self->catalog = g_object_ref (catalog);
  gp_ui_fill_gpus (self->gpus, catalog);
  /* A lab is quoted in the currency it reads prices in. */
  gp_ui_select_currency (self->currency_row,
                         currency != NULL ? currency : gp_catalog_get_currency (catalog));
  update_summary (self);
  return self;
}

/**
 * gp_quote_dialog_set_gpu:
 * @self: the dialog
 * @gpu_id: (nullable): a GPU model of the catalog
 *
 * Starts the form with @gpu_id, the GPU the user was looking at, rather than the catalog's
 * first; nothing changes for %NULL or a model the list lacks.
 */
void
gp_quote_dialog_set_gpu (GpQuoteDialog *self,
                         const char    *gpu_id)
{
  g_return_if_fail (GP_IS_QUOTE_DIALOG (self));

  gp_ui_select_gpu (self->gpu_row, gpu_id);
}

/**
 * gp_quote_dialog_set_quote:
 * @self: the dialog
 * @quote: a quote of the catalog
 *
 * Turns the dialog to editing @quote: the form holds it, and Save puts the changed quote in
 * its place.
 */
void
gp_quote_dialog_set_quote (GpQuoteDialog *self,
                           const GpQuote *quote)
{
  g_return_if_fail (GP_IS_QUOTE_DIALOG (self));

  g_free (self->editing_id);
  self->editing_id = g_strdup (quote->id);
  gtk_window_set_title (GTK_WINDOW (self), _("Edit Quoted Offer"));
  gtk_button_set_label (self->add_button, _("_Save"));
  gtk_editable_set_text (GTK_EDITABLE (self->provider_row), quote->provider);
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), quote->name);
  gtk_editable_set_text (GTK_EDITABLE (self->region_row), quote->region ? quote->region : "");
  gtk_editable_set_text (GTK_EDITABLE (self->as_of_row), quote->as_of ? quote->as_of : "");
  gtk_editable_set_text (GTK_EDITABLE (self->source_row), quote->source ? quote->source : "");
  gp_ui_select_gpu (self->gpu_row, quote->gpu);
  gp_ui_select_currency (self->currency_row, quote->currency);
  adw_combo_row_set_selected (self->per_row, quote->terms.per == GP_QUOTE_PER_MONTH ? 1 : 0);
  /* A month's rent bills by the month, which the quote stored: shown as not stated. */
  adw_combo_row_set_selected (self->billing_row, 0);
  for (guint i = 0; i < G_N_ELEMENTS (billing_choices); i++)
    if (billing_choices[i] == quote->terms.billing_increment_s)
      adw_combo_row_set_selected (self->billing_row, i);
  for (guint i = 0; i < G_N_ELEMENTS (reach_choices); i++)
    if (reach_choices[i] == quote->reach)
      adw_combo_row_set_selected (self->reach_row, i);
  gtk_spin_button_set_value (self->gpus_spin, quote->gpu_count);
  gtk_spin_button_set_value (self->price_spin, quote->terms.price);
  update_summary (self);
}
