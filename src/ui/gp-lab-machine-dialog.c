/* gp-lab-machine-dialog.c — a machine the lab owns, entered to compare with renting
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "gp-currency.h"
#include "gp-format.h"
#include "gp-lab-layer.h"
#include "gp-lab-machine-dialog.h"
#include "gp-purchase-price.h"
#include "gp-text.h"
#include "gp-ui-models.h"

struct _GpLabMachineDialog
{
  AdwWindow parent_instance;

  GpCatalog *catalog;
  GListStore *gpus;
  GtkStringList *currencies;

  AdwEntryRow *name_row;
  AdwComboRow *gpu_row;
  GtkSpinButton *gpus_spin;
  GtkSpinButton *price_spin;
  AdwExpanderRow *suggestions_row;
  GPtrArray *suggestions; /* the dated purchase prices offered (GpPurchasePrice) */
  AdwComboRow *currency_row;
  AdwEntryRow *purchased_row;
  GtkSpinButton *lifetime_spin;
  GtkSpinButton *maintenance_spin;
  GtkSpinButton *power_spin;
  GtkSpinButton *pue_spin;
  GtkSpinButton *electricity_spin;
  GtkSpinButton *utilisation_spin;
  GtkSpinButton *staff_spin;
  GtkLabel *cost_label;
  GtkLabel *warning_label;
  GtkLabel *error_label;
  GtkButton *add_button;
  char *editing_id; /* the machine whose figures are edited, or NULL to add one */
};

G_DEFINE_FINAL_TYPE (GpLabMachineDialog, gp_lab_machine_dialog, ADW_TYPE_WINDOW)

enum
{
  SIGNAL_ADDED,
  SIGNAL_SAVED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

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
free_id (GpLabMachineDialog *self,
         const char         *name)
{
  g_autofree char *base = slug (name);
  char *id = g_strconcat (GP_LAB_PROVIDER "/", base, NULL);

  for (guint n = 2; self->catalog != NULL && gp_catalog_find_instance (self->catalog, id); n++)
    {
      g_free (id);
      id = g_strdup_printf ("%s/%s-%u", GP_LAB_PROVIDER, base, n);
    }
  return id;
}

static const char *
selected_currency (GpLabMachineDialog *self)
{
  guint position = adw_combo_row_get_selected (self->currency_row);

  return position != GTK_INVALID_LIST_POSITION
             ? gtk_string_list_get_string (self->currencies, position)
             : "USD";
}

/**
 * gp_lab_machine_dialog_dup_machine:
 * @self: the dialog
 * @error: what is wrong with the form, naming the field
 *
 * Returns: (transfer full) (nullable): the machine the form describes, checked
 */
GpLabMachine *
gp_lab_machine_dialog_dup_machine (GpLabMachineDialog *self,
                                   GError            **error)
{
  g_autoptr(GpLabMachine) machine = g_new0 (GpLabMachine, 1);
  g_autoptr(GpGpu) gpu = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *name =
      g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_row))));
  const char *purchased = gtk_editable_get_text (GTK_EDITABLE (self->purchased_row));
  guint position = adw_combo_row_get_selected (self->gpu_row);

  g_return_val_if_fail (GP_IS_LAB_MACHINE_DIALOG (self), NULL);

  if (name[0] == '\0')
    {
      g_set_error_literal (error, GP_LAB_COST_ERROR, GP_LAB_COST_ERROR_INVALID,
                           _("Name: give the machine a name"));
      return NULL;
    }
  if (position == GTK_INVALID_LIST_POSITION)
    {
      g_set_error_literal (error, GP_LAB_COST_ERROR, GP_LAB_COST_ERROR_INVALID,
                           _("GPU Model: choose the machine’s GPUs"));
      return NULL;
    }
  if (!gp_date_is_valid (purchased, FALSE))
    {
      g_set_error_literal (error, GP_LAB_COST_ERROR, GP_LAB_COST_ERROR_INVALID,
                           _("Purchase Date: a date as YYYY-MM-DD"));
      return NULL;
    }

  gpu = g_list_model_get_item (G_LIST_MODEL (self->gpus), position);
  machine->name = g_strdup (name);
  machine->id =
      self->editing_id != NULL ? g_strdup (self->editing_id) : free_id (self, machine->name);
  machine->gpu = g_strdup (gp_gpu_get_id (gpu));
  machine->gpu_count = (guint) gtk_spin_button_get_value_as_int (self->gpus_spin);
  machine->currency = g_strdup (selected_currency (self));
  machine->cost = (GpLabCost){
    .price = gtk_spin_button_get_value (self->price_spin),
    .purchased = g_strdup (purchased),
    .lifetime_years = gtk_spin_button_get_value (self->lifetime_spin),
    .maintenance_pct = gtk_spin_button_get_value (self->maintenance_spin),
    .power_kw = gtk_spin_button_get_value (self->power_spin),
    .pue = gtk_spin_button_get_value (self->pue_spin),
    .electricity_per_kwh = gtk_spin_button_get_value (self->electricity_spin),
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
  guint position = adw_combo_row_get_selected (self->gpu_row);
  g_autoptr(GpGpu) gpu = NULL;
  g_autofree char *lowest_text = NULL, *entered_text = NULL, *text = NULL;
  const GpPurchasePrice *quoted;
  double lowest, entered;

  gtk_widget_set_visible (GTK_WIDGET (self->warning_label), FALSE);
  if (machine == NULL || position == GTK_INVALID_LIST_POSITION)
    return;
  gpu = g_list_model_get_item (G_LIST_MODEL (self->gpus), position);
  quoted =
      gp_purchase_prices_far_below (self->suggestions, gpu, machine->currency, machine->cost.price,
                                    machine->gpu_count, &entered, &lowest);
  if (quoted == NULL)
    return;

  lowest_text = gp_format_money (lowest, machine->currency);
  entered_text = gp_format_money (entered, machine->currency);
  /* Translators: a lab machine's price per GPU far below what a dated source states: the
   * price entered per GPU, the lowest quoted per GPU, the source's item and its date */
  text = g_strdup_printf (_("%s a GPU is far below the dated quotes for this GPU: the lowest is "
                             "%s a GPU (%s, as of %s). Check the price and its currency."),
                          entered_text, lowest_text,
                          g_dpgettext2 (GETTEXT_PACKAGE, "purchase", quoted->item), quoted->as_of);
  gtk_label_set_label (self->warning_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->warning_label), TRUE);
}

/* The cost of a GPU-hour of use, term by term, as the form stands. */
static void
update_cost (GpLabMachineDialog *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GpLabMachine) machine = gp_lab_machine_dialog_dup_machine (self, &error);
  GpLabTerms terms;
  double per_gpu_hour;
  g_autofree char *total = NULL, *capital = NULL, *maintenance = NULL, *staff = NULL,
                  *energy = NULL, *text = NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "lab.add", machine != NULL);
  gtk_label_set_label (self->error_label, error != NULL ? error->message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), error != NULL);
  update_warning (self, machine);
  if (machine == NULL)
    {
      gtk_label_set_label (self->cost_label, "");
      return;
    }

  per_gpu_hour = gp_lab_cost_per_gpu_hour (&machine->cost, machine->gpu_count, &terms);
  total = gp_format_money (per_gpu_hour, machine->currency);
  capital = gp_format_money (terms.capital, machine->currency);
  maintenance = gp_format_money (terms.maintenance, machine->currency);
  staff = gp_format_money (terms.staff, machine->currency);
  energy = gp_format_money (terms.energy, machine->currency);
  /* Translators: a lab machine's cost of an hour of one GPU doing useful work, and the four
   * terms it adds up */
  text = g_strdup_printf (_("An hour of one GPU’s use costs %s: the purchase %s, maintenance "
                             "%s, staff %s and electricity with cooling %s."),
                          total, capital, maintenance, staff, energy);
  gtk_label_set_label (self->cost_label, text);
}

static void
add_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  GpLabMachineDialog *self = GP_LAB_MACHINE_DIALOG (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(GpLabMachine) machine = gp_lab_machine_dialog_dup_machine (self, &error);
  g_autoptr(GFile) file = gp_catalog_get_layer_location (GP_CATALOG_LAYER_USER);

  if (machine == NULL ||
      !(self->editing_id != NULL
            ? gp_lab_layer_replace_in_catalog (self->catalog, file, machine, &error)
            : gp_lab_layer_add_to_catalog (self->catalog, file, machine, &error)))
    {
      /* Nothing was written: the user's layer is as it was. */
      gtk_label_set_label (self->error_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
      return;
    }

  g_signal_emit (self, signals[self->editing_id != NULL ? SIGNAL_SAVED : SIGNAL_ADDED], 0,
                 machine->id, machine->name);
  gtk_window_destroy (GTK_WINDOW (self));
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
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->currencies)); i++)
    if (g_str_equal (gtk_string_list_get_string (self->currencies, i), price->currency))
      adw_combo_row_set_selected (self->currency_row, i);
  gtk_spin_button_set_value (self->price_spin, price->price);
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

  gtk_widget_dispose_template (GTK_WIDGET (self), GP_TYPE_LAB_MACHINE_DIALOG);
  g_clear_object (&self->catalog);
  g_clear_object (&self->gpus);
  g_clear_object (&self->currencies);
  g_clear_pointer (&self->suggestions, g_ptr_array_unref);
  g_clear_pointer (&self->editing_id, g_free);

  G_OBJECT_CLASS (gp_lab_machine_dialog_parent_class)->dispose (object);
}

static void
gp_lab_machine_dialog_class_init (GpLabMachineDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = gp_lab_machine_dialog_dispose;

  /**
   * GpLabMachineDialog::added:
   * @self: the dialog
   * @id: the machine's id, "lab/server"
   * @name: its name
   *
   * The machine is in the user's catalog layer and in the catalog.
   */
  signals[SIGNAL_ADDED] =
      g_signal_new ("added", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                    G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
  /**
   * GpLabMachineDialog::saved:
   * @self: the dialog
   * @id: the machine's id
   * @name: its name
   *
   * The machine's new figures are in the user's catalog layer and in the catalog.
   */
  signals[SIGNAL_SAVED] =
      g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                    G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/gpuplanner/GpuPlanner/gp-lab-machine-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, GpLabMachineDialog, name_row);
  gtk_widget_class_bind_template_child (widget_class, GpLabMachineDialog, gpu_row);
  gtk_widget_class_bind_template_child (widget_class, GpLabMachineDialog, gpus_spin);
  gtk_widget_class_bind_template_child (widget_class, GpLabMachineDialog, price_spin);
  gtk_widget_class_bind_template_child (widget_class, GpLabMachineDialog, suggestions_row);
  gtk_widget_class_bind_template_child (widget_class, GpLabMachineDialog, currency_row);
  gtk_widget_class_bind_template_child (widget_class, GpLabMachineDialog, purchased_row);
  gtk_widget_class_bind_template_child (widget_class, GpLabMachineDialog, lifetime_spin);
  gtk_widget_class_bind_template_child (widget_class, GpLabMachineDialog, maintenance_spin);
  gtk_widget_class_bind_template_child (widget_class, GpLabMachineDialog, power_spin);
  gtk_widget_class_bind_template_child (widget_class, GpLabMachineDialog, pue_spin);
  gtk_widget_class_bind_template_child (widget_class, GpLabMachineDialog, electricity_spin);
  gtk_widget_class_bind_template_child (widget_class, GpLabMachineDialog, utilisation_spin);
  gtk_widget_class_bind_template_child (widget_class, GpLabMachineDialog, staff_spin);
  gtk_widget_class_bind_template_child (widget_class, GpLabMachineDialog, cost_label);
  gtk_widget_class_bind_template_child (widget_class, GpLabMachineDialog, warning_label);
  gtk_widget_class_bind_template_child (widget_class, GpLabMachineDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, GpLabMachineDialog, add_button);
  gtk_widget_class_install_action (widget_class, "lab.add", NULL, add_action);
  gtk_widget_class_install_action (widget_class, "lab.use-price", "u", use_price_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
gp_lab_machine_dialog_init (GpLabMachineDialog *self)
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
  gtk_editable_set_text (GTK_EDITABLE (self->purchased_row), today);
  add_suggestions (self);

  /* Every change says at once what the machine costs an hour, or what is wrong. */
  g_signal_connect_swapped (self->name_row, "changed", G_CALLBACK (update_cost), self);
  g_signal_connect_swapped (self->purchased_row, "changed", G_CALLBACK (update_cost), self);
  g_signal_connect_swapped (self->gpu_row, "notify::selected", G_CALLBACK (update_cost), self);
  g_signal_connect_swapped (self->currency_row, "notify::selected", G_CALLBACK (update_cost), self);
  {
    GtkSpinButton *all[] = {
      self->gpus_spin,        self->price_spin,       self->lifetime_spin,
      self->maintenance_spin, self->power_spin,       self->pue_spin,
      self->electricity_spin, self->utilisation_spin, self->staff_spin,
    };

    for (guint i = 0; i < G_N_ELEMENTS (all); i++)
      g_signal_connect_swapped (all[i], "value-changed", G_CALLBACK (update_cost), self);
  }
}

/**
 * gp_lab_machine_dialog_new:
 * @parent: the window it is for
 * @catalog: the catalog to add the machine to
 * @currency: (nullable): the currency prices are shown in, which the form starts with; %NULL
 *   for the catalog's
 *
 * Returns: (transfer none): the dialog, to present
 */
GpLabMachineDialog *
gp_lab_machine_dialog_new (GtkWindow  *parent,
                           GpCatalog  *catalog,
                           const char *currency)
{
  GpLabMachineDialog *self =
      g_object_new (GP_TYPE_LAB_MACHINE_DIALOG, "transient-for", parent, NULL);

  self->catalog = g_object_ref (catalog);
  gp_ui_fill_gpus (self->gpus, catalog);
  /* A lab is quoted in the currency it reads prices in: the one prices are shown in. */
  gp_ui_select_currency (self->currency_row,
                         currency != NULL ? currency : gp_catalog_get_currency (catalog));
  update_cost (self);
  return self;
}

/**
 * gp_lab_machine_dialog_set_gpu:
 * @self: the dialog
 * @gpu_id: (nullable): a GPU model of the catalog
 *
 * Starts the form with @gpu_id, the GPU the user was looking at, rather than the catalog's
 * first; nothing changes for %NULL or a model the list lacks.
 */
void
gp_lab_machine_dialog_set_gpu (GpLabMachineDialog *self,
                               const char         *gpu_id)
{
  g_return_if_fail (GP_IS_LAB_MACHINE_DIALOG (self));

  gp_ui_select_gpu (self->gpu_row, gpu_id);
}

/**
 * gp_lab_machine_dialog_set_machine:
 * @self: the dialog
 * @machine: a lab machine of the catalog
 *
 * Turns the dialog to editing @machine: the form holds its figures, and Save puts the new ones
 * in their place under the same id.
 */
void
gp_lab_machine_dialog_set_machine (GpLabMachineDialog *self,
                                   const GpLabMachine *machine)
{
  struct
  {
    GtkSpinButton *spin;
    double value;
  } figures[] = {
    { self->gpus_spin, machine->gpu_count },
    { self->price_spin, machine->cost.price },
    { self->lifetime_spin, machine->cost.lifetime_years },
    { self->maintenance_spin, machine->cost.maintenance_pct },
    { self->power_spin, machine->cost.power_kw },
    { self->pue_spin, machine->cost.pue },
    { self->electricity_spin, machine->cost.electricity_per_kwh },
    { self->utilisation_spin, machine->cost.utilisation_pct },
    { self->staff_spin, machine->cost.staff_per_year },
  };

  g_return_if_fail (GP_IS_LAB_MACHINE_DIALOG (self));

  g_free (self->editing_id);
  self->editing_id = g_strdup (machine->id);
  gtk_window_set_title (GTK_WINDOW (self), _("Edit Lab Machine"));
  gtk_button_set_label (self->add_button, _("_Save"));
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), machine->name);
  gtk_editable_set_text (GTK_EDITABLE (self->purchased_row), machine->cost.purchased);
  gp_ui_select_gpu (self->gpu_row, machine->gpu);
  gp_ui_select_currency (self->currency_row, machine->currency);
  for (guint i = 0; i < G_N_ELEMENTS (figures); i++)
    gtk_spin_button_set_value (figures[i].spin, figures[i].value);
  update_cost (self);
}
