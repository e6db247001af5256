/* gp-quote-dialog.c — a price the lab was quoted, entered to compare with the catalog
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "gp-catalog-error.h"
#include "gp-format.h"
#include "gp-quote-dialog.h"
#include "gp-text.h"
#include "gp-user-offer.h"

struct _GpQuoteDialog
{
  GpOfferDialog parent_instance;

  AdwEntryRow *provider_row;
  AdwComboRow *per_row;
  AdwComboRow *billing_row;
  AdwEntryRow *region_row;
  AdwEntryRow *as_of_row;
  AdwEntryRow *source_row;
  AdwComboRow *reach_row;
};

G_DEFINE_FINAL_TYPE (GpQuoteDialog, gp_quote_dialog, GP_TYPE_OFFER_DIALOG)

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

GpQuote *
gp_quote_dialog_dup_quote (GpQuoteDialog  *self,
                           GError        **error)
{
  GpOfferDialog *form = GP_OFFER_DIALOG (self);
  g_autoptr(GpQuote) quote = gp_quote_new ();
  g_autoptr(GError) local_error = NULL;
  GpGpu *gpu = gp_offer_dialog_get_gpu (form);
  guint billing = adw_combo_row_get_selected (self->billing_row);
  guint reach = adw_combo_row_get_selected (self->reach_row);

  g_return_val_if_fail (GP_IS_QUOTE_DIALOG (self), NULL);

  if (gpu == NULL)
    {
      g_set_error_literal (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_INVALID_VALUE,
                           _("GPU Model: choose the machine’s GPUs"));
      return NULL;
    }
  quote->provider = entry_text (self->provider_row);
  quote->name = gp_offer_dialog_dup_name (form);
  quote->gpu = g_strdup (gp_gpu_get_id (gpu));
  quote->gpu_count = gp_offer_dialog_get_gpu_count (form);
  quote->currency = g_strdup (gp_offer_dialog_get_currency (form));
  quote->terms.price = gp_offer_dialog_get_price (form);
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
  quote->id = g_strdup (gp_offer_dialog_get_editing_id (form));
  if (!gp_quote_check (quote, &local_error))
    {
      set_form_error (error, local_error->message);
      return NULL;
    }
  return g_steal_pointer (&quote);
}

/* What the price comes to, as the form stands. */
static char *
gp_quote_dialog_describe (GpOfferDialog  *form,
                          GError        **error)
{
  g_autoptr(GpQuote) quote = gp_quote_dialog_dup_quote (GP_QUOTE_DIALOG (form), error);
  g_autofree char *hour = NULL, *gpu_hour = NULL;
  double per_hour;

  if (quote == NULL)
    return NULL;
  per_hour = gp_quote_terms_per_hour (&quote->terms);
  hour = gp_format_money (per_hour, quote->currency);
  gpu_hour = gp_format_money (gp_quote_terms_per_gpu_hour (&quote->terms, quote->gpu_count),
                              quote->currency);
  if (quote->terms.per == GP_QUOTE_PER_MONTH)
    /* Translators: a month's rent as an hour's price; %.0f is 730 */
    return g_strdup_printf (_("%s an hour over a month’s %.0f hours, %s a GPU-hour. A job "
                               "pays every month it begins, whole."),
                            hour, GP_QUOTE_HOURS_A_MONTH, gpu_hour);
  /* Translators: a quote's price an hour, and of one GPU an hour */
  return g_strdup_printf (_("%s an hour, %s a GPU-hour."), hour, gpu_hour);
}

static gboolean
gp_quote_dialog_save (GpOfferDialog  *form,
                      char          **id,
                      char          **name,
                      GError        **error)
{
  GpQuote *quote = gp_quote_dialog_dup_quote (GP_QUOTE_DIALOG (form), error);
  g_autoptr(GpUserOffer) offer = NULL;
  g_autoptr(GFile) file = gp_catalog_get_layer_location (GP_CATALOG_LAYER_USER);

  if (quote == NULL)
    return FALSE;
  offer = gp_user_offer_new_quote (quote);
  if (!gp_user_offer_put_in_catalog (offer, gp_offer_dialog_get_catalog (form), file,
                                     gp_offer_dialog_get_editing_id (form), error))
    return FALSE;
  *id = g_strdup (gp_user_offer_get_id (offer));
  *name = g_strdup (gp_user_offer_get_name (offer));
  return TRUE;
}

static void
gp_quote_dialog_class_init (GpQuoteDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GpOfferDialogClass *form_class = GP_OFFER_DIALOG_CLASS (klass);

  form_class->describe = gp_quote_dialog_describe;
  form_class->save = gp_quote_dialog_save;

  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/gpuplanner/GpuPlanner/gp-quote-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, GpQuoteDialog, provider_row);
  gtk_widget_class_bind_template_child (widget_class, GpQuoteDialog, per_row);
  gtk_widget_class_bind_template_child (widget_class, GpQuoteDialog, billing_row);
  gtk_widget_class_bind_template_child (widget_class, GpQuoteDialog, region_row);
  gtk_widget_class_bind_template_child (widget_class, GpQuoteDialog, as_of_row);
  gtk_widget_class_bind_template_child (widget_class, GpQuoteDialog, source_row);
  gtk_widget_class_bind_template_child (widget_class, GpQuoteDialog, reach_row);
}

static void
gp_quote_dialog_init (GpQuoteDialog *self)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *today = g_date_time_format (now, "%Y-%m-%d");

  gtk_widget_init_template (GTK_WIDGET (self));
  {
    GtkWidget *rows[] = {
      GTK_WIDGET (self->provider_row), GTK_WIDGET (self->region_row),
      GTK_WIDGET (self->as_of_row),    GTK_WIDGET (self->source_row),
      GTK_WIDGET (self->per_row),      GTK_WIDGET (self->billing_row),
      GTK_WIDGET (self->reach_row),
    };

    for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
      gp_offer_dialog_watch (GP_OFFER_DIALOG (self), rows[i]);
  }
  gp_offer_dialog_set_form_text (
      GP_OFFER_DIALOG (self),
      &(GpOfferFormText){
          .offer_title = _("Offer"),
          .offer_description = _("A price your lab was given or read on a price page, "
                                  "compared, estimated and charted like any offer. Where it "
                                  "came from is its source, dated the day of the quote."),
          .name_title = _("Machine Name"),
          .gpus_subtitle = _("How many GPUs the machine has"),
          .price_group_title = _("Price"),
          .price_title = _("Price"),
          .price_subtitle = _("As quoted, in the currency below"),
          .price_digits = 2,
      });
  gtk_editable_set_text (GTK_EDITABLE (self->as_of_row), today);
}

GpQuoteDialog *
gp_quote_dialog_new (GtkWindow     *parent,
                     GpCatalog     *catalog,
                     const char    *currency,
                     GpLabLocation  lab)
{
  GpQuoteDialog *self = g_object_new (GP_TYPE_QUOTE_DIALOG, "transient-for", parent, NULL);

  gp_offer_dialog_start (GP_OFFER_DIALOG (self), catalog, currency, lab);
  return self;
}

/* Turns the dialog to editing @quote: the form holds it, and Save puts the changed quote in
 * its place. */
void
gp_quote_dialog_set_quote (GpQuoteDialog *self,
                           const GpQuote *quote)
{
  GpOfferDialog *form = GP_OFFER_DIALOG (self);

  g_return_if_fail (GP_IS_QUOTE_DIALOG (self));

  gp_offer_dialog_set_editing (form, quote->id, _("Edit Quoted Offer"));
  gtk_editable_set_text (GTK_EDITABLE (self->provider_row), quote->provider);
  gp_offer_dialog_set_name (form, quote->name);
  gtk_editable_set_text (GTK_EDITABLE (self->region_row), quote->region ? quote->region : "");
  gtk_editable_set_text (GTK_EDITABLE (self->as_of_row), quote->as_of ? quote->as_of : "");
  gtk_editable_set_text (GTK_EDITABLE (self->source_row), quote->source ? quote->source : "");
  gp_offer_dialog_set_gpu (form, quote->gpu);
  gp_offer_dialog_set_currency (form, quote->currency);
  adw_combo_row_set_selected (self->per_row, quote->terms.per == GP_QUOTE_PER_MONTH ? 1 : 0);
  /* A month's rent bills by the month, which the quote stored: shown as not stated. */
  adw_combo_row_set_selected (self->billing_row, 0);
  for (guint i = 0; i < G_N_ELEMENTS (billing_choices); i++)
    if (billing_choices[i] == quote->terms.billing_increment_s)
      adw_combo_row_set_selected (self->billing_row, i);
  for (guint i = 0; i < G_N_ELEMENTS (reach_choices); i++)
    if (reach_choices[i] == quote->reach)
      adw_combo_row_set_selected (self->reach_row, i);
  gp_offer_dialog_set_gpu_count (form, quote->gpu_count);
  gp_offer_dialog_set_price (form, quote->terms.price);
  gp_offer_dialog_changed (form);
}
