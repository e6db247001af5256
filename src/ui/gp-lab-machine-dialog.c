/* gp-lab-machine-dialog.c — a machine the lab owns, entered to compare with renting
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "gp-format.h"
#include "gp-lab-machine-dialog.h"
#include "gp-offer-defaults.h"
#include "gp-purchase-price.h"
#include "gp-text.h"
#include "gp-user-offer.h"

struct _GpLabMachineDialog
{
  GpOfferDialog parent_instance;

  AdwExpanderRow *suggestions_row;
  GPtrArray *suggestions; /* the dated purchase prices offered (GpPurchasePrice) */
  AdwEntryRow *purchased_row;
  GtkSpinButton *lifetime_spin;
  GtkSpinButton *maintenance_spin;
  AdwActionRow *power_row;
  GtkSpinButton *power_spin;
  GtkSpinButton *pue_spin;
  AdwEntryRow *electricity_row;
  GtkLabel *electricity_missing_label;
  GtkSpinButton *utilisation_spin;
  GtkSpinButton *staff_spin;
  double filled_power;  /* the data sheet's, as last filled in */
  gboolean power_typed; /* the power is the user's, not the data sheet's */
};

G_DEFINE_FINAL_TYPE (GpLabMachineDialog, gp_lab_machine_dialog, GP_TYPE_OFFER_DIALOG)

/* "8x A100 server" → "8x-a100-server": an id people can type on the command line. */
static char *
slug (const char *name)
{
  g_autofree char *lower = g_utf8_strdown (name, -1);
  GString *text = g_string_new (NULL);

  for (const char *p = lower; *p != '\0'; p++)
    {
      if (g_ascii_isalnum (*p) || ((*p == '_' || *p == '.') && text->len > 0))
        g_string_append_c (text, *p);
      else if (text->len > 0 && text->str[text->len - 1] != '-')
        g_string_append_c (text, '-');
    }
  while (text->len > 0 && text->str[text->len - 1] == '-')
    g_string_truncate (text, text->len - 1);
  if (text->len == 0)
    g_string_append (text, "machine");
  return g_string_free (text, FALSE);
}

/* An id no machine of the catalog has yet. */
static char *
free_id (GpCatalog  *catalog,
         const char *name)
{
  g_autofree char *base = slug (name);
  char *id = g_strconcat (GP_LAB_PROVIDER "/", base, NULL);

  for (guint n = 2; gp_catalog_find_instance (catalog, id); n++)
    {
      g_free (id);
      id = g_strdup_printf ("%s/%s-%u", GP_LAB_PROVIDER, base, n);
    }
  return id;
}

/* The electricity price typed, NAN where none is: never a silent 0. */
static gboolean
read_electricity (GpLabMachineDialog  *self,
                  double              *price,
                  GError             **error)
{
  g_autofree char *text =
      g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->electricity_row))));

  gtk_widget_set_visible (GTK_WIDGET (self->electricity_missing_label), text[0] == '\0');
  *price = NAN;
  if (text[0] == '\0' || gp_parse_decimal (text, price))
    return TRUE;
  g_set_error_literal (error, GP_LAB_COST_ERROR, GP_LAB_COST_ERROR_INVALID,
                       _("Electricity Price: a number, or nothing where it is not known"));
  return FALSE;
}

static gboolean
check_form (GpLabMachineDialog  *self,
            const char          *name,
            const char          *purchased,
            GError             **error)
{
  if (name[0] == '\0')
    {
      g_set_error_literal (error, GP_LAB_COST_ERROR, GP_LAB_COST_ERROR_INVALID,
                           _("Name: give the machine a name"));
      return FALSE;
    }
  if (gp_offer_dialog_get_gpu (GP_OFFER_DIALOG (self)) == NULL)
    {
      g_set_error_literal (error, GP_LAB_COST_ERROR, GP_LAB_COST_ERROR_INVALID,
                           _("GPU Model: choose the machine’s GPUs"));
      return FALSE;
    }
  if (!gp_date_is_valid (purchased, FALSE))
    {
      g_set_error_literal (error, GP_LAB_COST_ERROR, GP_LAB_COST_ERROR_INVALID,
                           _("Purchase Date: a date as YYYY-MM-DD"));
      return FALSE;
    }
  return TRUE;
}

GpLabMachine *
gp_lab_machine_dialog_dup_machine (GpLabMachineDialog *self,
                                   GError            **error)
{
  GpOfferDialog *form = GP_OFFER_DIALOG (self);
  g_autoptr(GpLabMachine) machine = g_new0 (GpLabMachine, 1);
  g_autoptr(GError) local_error = NULL;
  g_autofree char *name = gp_offer_dialog_dup_name (form);
  const char *purchased = gtk_editable_get_text (GTK_EDITABLE (self->purchased_row));
  const char *editing = gp_offer_dialog_get_editing_id (form);
  double electricity;

  g_return_val_if_fail (GP_IS_LAB_MACHINE_DIALOG (self), NULL);

  if (!check_form (self, name, purchased, error) || !read_electricity (self, &electricity, error))
    return NULL;
  machine->name = g_steal_pointer (&name);
  machine->id = editing != NULL ? g_strdup (editing)
                                : free_id (gp_offer_dialog_get_catalog (form), machine->name);
  machine->gpu = g_strdup (gp_gpu_get_id (gp_offer_dialog_get_gpu (form)));
  machine->gpu_count = gp_offer_dialog_get_gpu_count (form);
  machine->currency = g_strdup (gp_offer_dialog_get_currency (form));
  machine->cost = (GpLabCost){
    .price = gp_offer_dialog_get_price (form),
    .purchased = g_strdup (purchased),
    .lifetime_years = gtk_spin_button_get_value (self->lifetime_spin),
    .maintenance_pct = gtk_spin_button_get_value (self->maintenance_spin),
    .power_kw = gtk_spin_button_get_value (self->power_spin),
    .pue = gtk_spin_button_get_value (self->pue_spin),
    .electricity_per_kwh = electricity,
    .utilisation_pct = gtk_spin_button_get_value (self->utilisation_spin),
    .staff_per_year = gtk_spin_button_get_value (self->staff_spin),
  };
  if (!gp_lab_cost_check (&machine->cost, machine->gpu_count, &local_error))
    {
      /* The core names the field by its file name; the form by its row. */
      g_set_error (error, GP_LAB_COST_ERROR, GP_LAB_COST_ERROR_INVALID,
                   g_str_has_prefix (local_error->message, "price")
                       ? _("Purchase Price: more than 0")
                       : _("Check the figures: %s"),
                   local_error->message);
      return NULL;
    }
  return g_steal_pointer (&machine);
}

/* A purchase price far below the dated ones is said, not refused. */
static void
update_warning (GpLabMachineDialog *self,
                GpLabMachine       *machine)
{
  GpGpu *gpu = gp_offer_dialog_get_gpu (GP_OFFER_DIALOG (self));
  g_autofree char *lowest_text = NULL, *entered_text = NULL, *text = NULL;
  const GpPurchasePrice *quoted = NULL;
  double lowest, entered;

  if (machine != NULL && gpu != NULL)
    quoted =
        gp_purchase_prices_far_below (self->suggestions, gpu, machine->currency,
                                      machine->cost.price, machine->gpu_count, &entered, &lowest);
  if (quoted == NULL)
    {
      gp_offer_dialog_set_warning (GP_OFFER_DIALOG (self), NULL);
      return;
    }

  lowest_text = gp_format_money (lowest, machine->currency);
  entered_text = gp_format_money (entered, machine->currency);
  /* Translators: a lab machine's price per GPU far below what a dated source states: the
   * price entered per GPU, the lowest quoted per GPU, the source's item and its date */
  text = g_strdup_printf (_("%s a GPU is far below the dated quotes for this GPU: the lowest is "
                             "%s a GPU (%s, as of %s). Check the price and its currency."),
                          entered_text, lowest_text,
                          g_dpgettext2 (GETTEXT_PACKAGE, "purchase", quoted->item), quoted->as_of);
  gp_offer_dialog_set_warning (GP_OFFER_DIALOG (self), text);
}

/* The cost of a GPU-hour of use, term by term, as the form stands. */
static char *
gp_lab_machine_dialog_describe (GpOfferDialog  *form,
                                GError        **error)
{
  GpLabMachineDialog *self = GP_LAB_MACHINE_DIALOG (form);
  g_autoptr(GpLabMachine) machine = gp_lab_machine_dialog_dup_machine (self, error);
  GpLabTerms terms;
  double per_gpu_hour;
  g_autofree char *total = NULL, *capital = NULL, *maintenance = NULL, *staff = NULL,
                  *energy = NULL;

  update_warning (self, machine);
  if (machine == NULL)
    return NULL;

  per_gpu_hour = gp_lab_cost_per_gpu_hour (&machine->cost, machine->gpu_count, &terms);
  total = gp_format_money (per_gpu_hour, machine->currency);
  capital = gp_format_money (terms.capital, machine->currency);
  maintenance = gp_format_money (terms.maintenance, machine->currency);
  staff = gp_format_money (terms.staff, machine->currency);
  if (!gp_lab_cost_has_electricity (&machine->cost))
    /* Translators: a lab machine's cost of an hour of one GPU doing useful work, and three
     * terms it adds up, its electricity price not given */
    return g_strdup_printf (_("An hour of one GPU’s use costs %s: the purchase %s, maintenance "
                               "%s and staff %s. Electricity is left out: no electricity price "
                               "is given."),
                            total, capital, maintenance, staff);
  energy = gp_format_money (terms.energy, machine->currency);
  /* Translators: a lab machine's cost of an hour of one GPU doing useful work, and the four
   * terms it adds up */
  return g_strdup_printf (_("An hour of one GPU’s use costs %s: the purchase %s, maintenance "
                             "%s, staff %s and electricity with cooling %s."),
                          total, capital, maintenance, staff, energy);
}

static gboolean
gp_lab_machine_dialog_save (GpOfferDialog  *form,
                            char          **id,
                            char          **name,
                            GError        **error)
{
  GpLabMachine *machine = gp_lab_machine_dialog_dup_machine (GP_LAB_MACHINE_DIALOG (form), error);
  g_autoptr(GpUserOffer) offer = NULL;
  g_autoptr(GFile) file = gp_catalog_get_layer_location (GP_CATALOG_LAYER_USER);

  if (machine == NULL)
    return FALSE;
  offer = gp_user_offer_new_lab_machine (machine);
  if (!gp_user_offer_put_in_catalog (offer, gp_offer_dialog_get_catalog (form), file,
                                     gp_offer_dialog_get_editing_id (form), error))
    return FALSE;
  *id = g_strdup (gp_user_offer_get_id (offer));
  *name = g_strdup (gp_user_offer_get_name (offer));
  return TRUE;
}

/* The power follows the GPUs' data sheet (TDP × count) until the user types their own. */
static void
gp_lab_machine_dialog_gpus_changed (GpOfferDialog *form)
{
  GpLabMachineDialog *self = GP_LAB_MACHINE_DIALOG (form);
  GpGpu *gpu = gp_offer_dialog_get_gpu (form);
  guint count = gp_offer_dialog_get_gpu_count (form);
  double power = gp_offer_defaults_power_kw (gpu, count);
  g_autofree char *subtitle = NULL;

  if (self->power_typed)
    return;
  if (isnan (power))
    {
      adw_action_row_set_subtitle (self->power_row,
                                   _("kW at load: the catalog has no data-sheet power for this "
                                      "GPU"));
      return;
    }
  /* Translators: a lab machine's power filled from its GPUs' data sheet: their count and
   * the power of one, "8 × 400 W" */
  subtitle = g_strdup_printf (_("kW at load: its GPUs’ data sheet says %u × %.0f W"), count,
                              gp_gpu_get_tdp_w (gpu));
  adw_action_row_set_subtitle (self->power_row, subtitle);
  self->filled_power = power;
  gtk_spin_button_set_value (self->power_spin, power);
}

/* The spin button reads its shown text back when it loses the focus: 0.576 kW shown as 0.58
 * is still the data sheet's, not typed. */
static void
power_changed_cb (GpLabMachineDialog *self)
{
  double shown_step = pow (10, -(double) gtk_spin_button_get_digits (self->power_spin));

  if (fabs (gtk_spin_button_get_value (self->power_spin) - self->filled_power) <= shown_step / 2)
    return;
  self->power_typed = TRUE;
  adw_action_row_set_subtitle (self->power_row, _("kW at load"));
}

/* Quoted purchase prices */

/* A quoted price fills the price and its currency when the user picks it, never before. */
static void
use_price_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  GpLabMachineDialog *self = GP_LAB_MACHINE_DIALOG (widget);
  guint index = g_variant_get_uint32 (parameter);
  const GpPurchasePrice *price;

  if (index >= self->suggestions->len)
    return;
  price = g_ptr_array_index (self->suggestions, index);
  gp_offer_dialog_set_currency (GP_OFFER_DIALOG (self), price->currency);
  gp_offer_dialog_set_price (GP_OFFER_DIALOG (self), price->price);
}

/* The dated purchase prices the research behind the catalog found, each with its source and
 * date, one row each in the expander. */
static void
add_suggestions (GpLabMachineDialog *self)
{
  self->suggestions = gp_purchase_prices_new_bundled ();
  gtk_widget_set_visible (GTK_WIDGET (self->suggestions_row), self->suggestions->len > 0);
  for (guint i = 0; i < self->suggestions->len; i++)
    {
      const GpPurchasePrice *price = g_ptr_array_index (self->suggestions, i);
      g_autofree char *amount = gp_format_number (price->price, 0);
      g_autofree char *subtitle = NULL;
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *use = gtk_button_new_with_mnemonic (_("_Use"));
      g_autoptr(GUri) uri = g_uri_parse (price->source, G_URI_FLAGS_NONE, NULL);

      /* Translators: a quoted purchase price: amount, currency, date and the source's site,
       * "1,400,000 CNY · as of 2023-10-21 · cy211.cn" */
      subtitle = g_strdup_printf (
          _("%s %s · as of %s · %s"), amount, price->currency, price->as_of,
          uri != NULL && g_uri_get_host (uri) != NULL ? g_uri_get_host (uri) : price->source);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                     g_dpgettext2 (GETTEXT_PACKAGE, "purchase", price->item));
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      gtk_widget_set_tooltip_text (row, price->source);
      gtk_widget_set_valign (use, GTK_ALIGN_CENTER);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (use), "lab.use-price");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (use), "u", i);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), use);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), use);
      adw_expander_row_add_row (self->suggestions_row, row);
    }
}

static void
gp_lab_machine_dialog_dispose (GObject *object)
{
  GpLabMachineDialog *self = GP_LAB_MACHINE_DIALOG (object);

  g_clear_pointer (&self->suggestions, g_ptr_array_unref);

  G_OBJECT_CLASS (gp_lab_machine_dialog_parent_class)->dispose (object);
}

static void
gp_lab_machine_dialog_class_init (GpLabMachineDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GpOfferDialogClass *form_class = GP_OFFER_DIALOG_CLASS (klass);

  object_class->dispose = gp_lab_machine_dialog_dispose;
  form_class->describe = gp_lab_machine_dialog_describe;
  form_class->save = gp_lab_machine_dialog_save;
  form_class->gpus_changed = gp_lab_machine_dialog_gpus_changed;

  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/gpuplanner/GpuPlanner/gp-lab-machine-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, GpLabMachineDialog, suggestions_row);
  gtk_widget_class_bind_template_child (widget_class, GpLabMachineDialog, purchased_row);
  gtk_widget_class_bind_template_child (widget_class, GpLabMachineDialog, lifetime_spin);
  gtk_widget_class_bind_template_child (widget_class, GpLabMachineDialog, maintenance_spin);
  gtk_widget_class_bind_template_child (widget_class, GpLabMachineDialog, power_row);
  gtk_widget_class_bind_template_child (widget_class, GpLabMachineDialog, power_spin);
  gtk_widget_class_bind_template_child (widget_class, GpLabMachineDialog, pue_spin);
  gtk_widget_class_bind_template_child (widget_class, GpLabMachineDialog, electricity_row);
  gtk_widget_class_bind_template_child (widget_class, GpLabMachineDialog,
                                        electricity_missing_label);
  gtk_widget_class_bind_template_child (widget_class, GpLabMachineDialog, utilisation_spin);
  gtk_widget_class_bind_template_child (widget_class, GpLabMachineDialog, staff_spin);
  gtk_widget_class_install_action (widget_class, "lab.use-price", "u", use_price_action);
}

static void
gp_lab_machine_dialog_init (GpLabMachineDialog *self)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *today = g_date_time_format (now, "%Y-%m-%d");

  gtk_widget_init_template (GTK_WIDGET (self));
  {
    GtkWidget *rows[] = {
      GTK_WIDGET (self->purchased_row),    GTK_WIDGET (self->lifetime_spin),
      GTK_WIDGET (self->maintenance_spin), GTK_WIDGET (self->power_spin),
      GTK_WIDGET (self->pue_spin),         GTK_WIDGET (self->electricity_row),
      GTK_WIDGET (self->utilisation_spin), GTK_WIDGET (self->staff_spin),
    };

    for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
      gp_offer_dialog_watch (GP_OFFER_DIALOG (self), rows[i]);
  }
  gp_offer_dialog_set_form_text (
      GP_OFFER_DIALOG (self),
      &(GpOfferFormText){
          .offer_title = _("Machine"),
          .offer_description = _("A machine the lab owns, compared with renting like any "
                                  "offer. Its figures are yours: you are named as their "
                                  "source."),
          .name_title = _("Name"),
          .gpus_subtitle = _("How many GPUs it has"),
          .price_group_title = _("Purchase"),
          .price_title = _("Purchase Price"),
          .price_subtitle = _("What it cost, in the currency below"),
          .price_digits = 0,
      });
  gtk_editable_set_text (GTK_EDITABLE (self->purchased_row), today);
  add_suggestions (self);
  g_signal_connect_swapped (self->power_spin, "value-changed", G_CALLBACK (power_changed_cb), self);
}

GpLabMachineDialog *
gp_lab_machine_dialog_new (GtkWindow     *parent,
                           GpCatalog     *catalog,
                           const char    *currency,
                           GpLabLocation  lab)
{
  GpLabMachineDialog *self =
      g_object_new (GP_TYPE_LAB_MACHINE_DIALOG, "transient-for", parent, NULL);

  gp_offer_dialog_set_gpu_count (GP_OFFER_DIALOG (self), 8);
  gp_offer_dialog_start (GP_OFFER_DIALOG (self), catalog, currency, lab);
  return self;
}

/* Turns the dialog to editing @machine: the form holds its figures, and Save puts the new ones
 * in their place under the same id. */
void
gp_lab_machine_dialog_set_machine (GpLabMachineDialog *self,
                                   const GpLabMachine *machine)
{
  GpOfferDialog *form = GP_OFFER_DIALOG (self);
  char electricity[G_ASCII_DTOSTR_BUF_SIZE] = "";
  struct
  {
    GtkSpinButton *spin;
    double value;
  } figures[] = {
    { self->lifetime_spin, machine->cost.lifetime_years },
    { self->maintenance_spin, machine->cost.maintenance_pct },
    { self->power_spin, machine->cost.power_kw },
    { self->pue_spin, machine->cost.pue },
    { self->utilisation_spin, machine->cost.utilisation_pct },
    { self->staff_spin, machine->cost.staff_per_year },
  };

  g_return_if_fail (GP_IS_LAB_MACHINE_DIALOG (self));

  gp_offer_dialog_set_editing (form, machine->id, _("Edit Lab Machine"));
  gp_offer_dialog_set_name (form, machine->name);
  gtk_editable_set_text (GTK_EDITABLE (self->purchased_row), machine->cost.purchased);
  gp_offer_dialog_set_gpu (form, machine->gpu);
  gp_offer_dialog_set_gpu_count (form, machine->gpu_count);
  gp_offer_dialog_set_currency (form, machine->currency);
  gp_offer_dialog_set_price (form, machine->cost.price);
  /* Its power is the machine's own figure, whatever the data sheet says. */
  for (guint i = 0; i < G_N_ELEMENTS (figures); i++)
    gtk_spin_button_set_value (figures[i].spin, figures[i].value);
  self->power_typed = TRUE;
  if (gp_lab_cost_has_electricity (&machine->cost))
    g_ascii_formatd (electricity, sizeof electricity, "%g", machine->cost.electricity_per_kwh);
  gtk_editable_set_text (GTK_EDITABLE (self->electricity_row), electricity);
  gp_offer_dialog_changed (form);
}
