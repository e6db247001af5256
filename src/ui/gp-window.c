/* gp-window.c — the main window: its four pages, made when first shown, and the catalog they
 * share, loaded after the first frame
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "gp-assistant-page.h"
#include "gp-compare-page.h"
#include "gp-estimate-page.h"
#include "gp-instances-page.h"
#include "gp-plan-window.h"
#include "gp-ui-toasts.h"
#include "gp-ui-widgets.h"
#include "gp-window-private.h"

G_DEFINE_FINAL_TYPE (GpWindow, gp_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_PAGE,
  PROP_SETTINGS,
  PROP_CATALOG,
  PROP_UPDATER,
  PROP_STATE_FILE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char *const page_names[] = { "compare", "instances", "estimate", "assistant" };

static gboolean
is_page_name (const char *page)
{
  for (guint i = 0; i < G_N_ELEMENTS (page_names); i++)
    if (g_strcmp0 (page, page_names[i]) == 0)
      return TRUE;
  return FALSE;
}

static void
save_window_state (GpWindow *self)
{
  int width, height;

  /* The unmaximized size is what the next start should restore. */
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  gp_settings_set_window_state (self->settings, width, height,
                                gtk_window_is_maximized (GTK_WINDOW (self)));
}

static void
restore_window_state (GpWindow *self)
{
  g_autofree char *page = g_strdup (gp_settings_get_last_page (self->settings));
  int width, height;
  gboolean maximized;

  gp_settings_get_window_state (self->settings, &width, &height, &maximized);
  gtk_window_set_default_size (GTK_WINDOW (self), width, height);
  if (maximized)
    gtk_window_maximize (GTK_WINDOW (self));

  gp_window_set_page (self, page);
}

/* What the window started stops with it: its loading, a refresh, an import of price sheets. */
static void
cancel_work (GpWindow *self)
{
  g_cancellable_cancel (self->cancellable);
  if (self->refresh_cancellable != NULL)
    g_cancellable_cancel (self->refresh_cancellable);
  if (self->import_cancellable != NULL)
    g_cancellable_cancel (self->import_cancellable);
}

static gboolean
gp_window_close_request (GtkWindow *window)
{
  GpWindow *self = GP_WINDOW (window);

  cancel_work (self);
  save_window_state (self);

  return GTK_WINDOW_CLASS (gp_window_parent_class)->close_request (window);
}

/* Makes the page named @page if it is one of those made when first shown. */
static void
ensure_page (GpWindow   *self,
             const char *page)
{
  if (g_str_equal (page, "instances"))
    gp_window_get_instances_page (self);
  else if (g_str_equal (page, "estimate"))
    gp_window_get_estimate_page (self);
  else if (g_str_equal (page, "assistant"))
    gp_window_get_assistant_page (self);
}

/* A page just shown takes the focus, at its first useful control: the search on Instances, the
 * first in the tab order elsewhere. Keys typed next go to the page, not to the header. */
static void
focus_page (GpWindow   *self,
            const char *page)
{
  GtkWidget *child = adw_view_stack_get_child_by_name (self->stack, page);

  if (child == NULL || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  if (g_str_equal (page, "instances"))
    gp_instances_page_focus_search (gp_window_get_instances_page (self));
  else
    gtk_widget_child_focus (child, GTK_DIR_TAB_FORWARD);
}

static void
visible_child_changed_cb (GpWindow     *self,
                          GParamSpec   *pspec,
                          AdwViewStack *stack)
{
  const char *page = adw_view_stack_get_visible_child_name (stack);

  if (page != NULL)
    {
      ensure_page (self, page);
      focus_page (self, page);
    }
  /* The Assistant starts from the job already typed on the Estimate page. */
  if (g_strcmp0 (page, "assistant") == 0 && self->estimate_page != NULL &&
      gp_estimate_page_has_job (self->estimate_page))
    gp_assistant_page_take_job (self->assistant_page,
                                gp_estimate_page_get_workload (self->estimate_page));

  if (page != NULL && is_page_name (page))
    gp_settings_set_last_page (self->settings, page);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAGE]);
}


static void
assistant_open_estimate_cb (GpWindow   *self,
                            GpWorkload *workload)
{
  gp_estimate_page_load_workload (gp_window_get_estimate_page (self), workload);
  gp_window_set_page (self, "estimate");
}

static void
assistant_open_compare_cb (GpWindow *self)
{
  gp_window_set_page (self, "compare");
}













/* A refused catalog file is worth a word that stays until read: the app goes on with the
 * layers that loaded, and the user must know which file was ignored and why. */
static void
show_catalog_problems (GpWindow  *self,
                       GpCatalog *catalog)
{
  const char * const *problems = gp_catalog_get_problems (catalog);

  for (guint i = 0; problems[i] != NULL; i++)
    {
      g_autofree char *title = g_strdup_printf (_("Catalog file ignored: %s"), problems[i]);
      AdwToast *toast = gp_ui_toast_new (GTK_WIDGET (self), title);

      adw_toast_set_timeout (toast, 0);
      adw_toast_overlay_add_toast (self->toast_overlay, toast);
    }
}

/* The menu's popover is built when first opened: building it costs the first frame about
 * five per cent, for a menu most starts never open. */
static void
create_primary_menu (GtkMenuButton *button,
                     gpointer       user_data)
{
  GpWindow *self = user_data;

  gtk_menu_button_set_create_popup_func (button, NULL, NULL, NULL);
  gtk_menu_button_set_menu_model (button, self->primary_menu);
}

/* The bottom switcher is only needed when the window is too narrow for the one in the header
 * bar, which then shows the window's title; it is built the first time that happens, which
 * keeps four buttons out of every start on a desktop screen. */
static void
title_shown_cb (GpWindow *self)
{
  gboolean title_shown =
      adw_squeezer_get_visible_child (self->title_squeezer) == GTK_WIDGET (self->window_title);

  if (self->switcher_bar == NULL)
    {
      if (!title_shown)
        return;
      self->switcher_bar = ADW_VIEW_SWITCHER_BAR (adw_view_switcher_bar_new ());
      adw_view_switcher_bar_set_stack (self->switcher_bar, self->stack);
      gtk_box_append (self->main_box, GTK_WIDGET (self->switcher_bar));
    }
  adw_view_switcher_bar_set_reveal (self->switcher_bar, title_shown);
}

static void
attach_catalog (GpWindow *self)
{
  gp_compare_page_set_catalog (self->compare_page, self->catalog);
  if (self->instances_page != NULL)
    gp_instances_page_set_catalog (self->instances_page, self->catalog);
  if (self->estimate_page != NULL)
    gp_estimate_page_set_catalog (self->estimate_page, self->catalog);
  if (self->assistant_page != NULL)
    gp_assistant_page_set_catalog (self->assistant_page, self->catalog);
  if (self->plan_window != NULL)
    gp_plan_window_set_catalog (self->plan_window, self->catalog);
  show_catalog_problems (self, self->catalog);
}

void
gp_window_add_toast (GpWindow   *self,
                     const char *text,
                     gboolean    stays)
{
  AdwToast *toast = gp_ui_toast_new (GTK_WIDGET (self), text);

  /* A failure stays until it is read; good news goes by itself. */
  if (stays)
    adw_toast_set_timeout (toast, 0);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

GpPlanWindow *
gp_window_get_plan_window (GpWindow *self)
{
  g_return_val_if_fail (GP_IS_WINDOW (self), NULL);

  if (self->plan_window == NULL)
    {
      g_autoptr(GFile) file =
          g_file_new_build_filename (g_get_user_data_dir (), "gpu-planner", "plan.json", NULL);

      self->plan_window = gp_plan_window_new (GTK_WINDOW (self), file,
                                              gp_settings_get_display_currency (self->settings));
      if (self->catalog != NULL)
        gp_plan_window_set_catalog (self->plan_window, self->catalog);
    }
  return self->plan_window;
}

static gboolean
weekly_check (gpointer user_data)
{
  gp_window_maybe_refresh_weekly (GP_WINDOW (user_data));
  return G_SOURCE_CONTINUE;
}

static gboolean
load_catalog_idle (gpointer user_data)
{
  GpWindow *self = user_data;
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  self->load_source = 0;

  /* The saved comparison is read with the catalog, after the first frame: a file read there
   * would load GIO's modules into every start before the window shows. */
  if (self->state_file == NULL)
    self->state_file = gp_comparison_get_default_file ();
  gp_compare_page_set_state_file (self->compare_page, self->state_file);

  if (self->catalog == NULL)
    {
      self->catalog = GP_IS_APPLICATION (app)
                        ? g_object_ref (gp_application_get_catalog (GP_APPLICATION (app)))
                        : gp_catalog_new_bundled ();
      attach_catalog (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CATALOG]);
    }
  gp_window_maybe_refresh_at_start (self);
  gp_window_maybe_refresh_weekly (self);
  if (self->weekly_source == 0)
    self->weekly_source = g_timeout_add_seconds (60 * 60, weekly_check, self);
  return G_SOURCE_REMOVE;
}

/* The catalog is read after the first frame is painted (its idle runs below the redraw
 * priority), so the window appears at once; the pages fill in on the next frame. */
static void
gp_window_map (GtkWidget *widget)
{
  GpWindow *self = GP_WINDOW (widget);

  GTK_WIDGET_CLASS (gp_window_parent_class)->map (widget);

  if (!self->started)
    {
      self->started = TRUE;
      self->load_source = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, load_catalog_idle, self, NULL);
    }
}

static void
gp_window_constructed (GObject *object)
{
  GpWindow *self = GP_WINDOW (object);

  G_OBJECT_CLASS (gp_window_parent_class)->constructed (object);

  if (self->settings == NULL)
    self->settings = gp_settings_new (NULL);

  gp_compare_page_set_settings (self->compare_page, self->settings);

  gp_ui_quiet_tooltip_while_open (GTK_WIDGET (self->primary_menu_button));
  gtk_menu_button_set_create_popup_func (self->primary_menu_button, create_primary_menu, self,
                                         NULL);
  g_signal_connect_object (self->title_squeezer, "notify::visible-child",
                           G_CALLBACK (title_shown_cb), self, G_CONNECT_SWAPPED);
  if (self->catalog != NULL)
    attach_catalog (self);

  restore_window_state (self);
  g_signal_connect_object (self->stack, "notify::visible-child-name",
                           G_CALLBACK (visible_child_changed_cb), self, G_CONNECT_SWAPPED);
}

static void
gp_window_dispose (GObject *object)
{
  GpWindow *self = GP_WINDOW (object);

  cancel_work (self);
  g_clear_object (&self->import_cancellable);
  g_clear_handle_id (&self->load_source, g_source_remove);
  g_clear_handle_id (&self->weekly_source, g_source_remove);
  g_clear_object (&self->updater);
  g_clear_object (&self->refresh_cancellable);
  g_clear_pointer (&self->removed_offer, gp_user_offer_free);
  g_clear_pointer (&self->edited_offer, gp_user_offer_free);
  g_clear_pointer (&self->edited_offer_id, g_free);
  if (self->plan_window != NULL)
    gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&self->plan_window)));
  gtk_widget_dispose_template (GTK_WIDGET (self), GP_TYPE_WINDOW);
  /* The pages made when first shown went with their slots. */
  self->instances_page = NULL;
  self->estimate_page = NULL;
  self->assistant_page = NULL;
  g_clear_object (&self->settings);
  g_clear_object (&self->catalog);
  g_clear_object (&self->state_file);
  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (gp_window_parent_class)->dispose (object);
}

static void
gp_window_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  GpWindow *self = GP_WINDOW (object);

  switch (prop_id)
    {
    case PROP_PAGE:
      g_value_set_string (value, gp_window_get_page (self));
      break;

    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;

    case PROP_CATALOG:
      g_value_set_object (value, self->catalog);
      break;

    case PROP_UPDATER:
      g_value_set_object (value, self->updater);
      break;

    case PROP_STATE_FILE:
      g_value_set_object (value, self->state_file);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_window_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  GpWindow *self = GP_WINDOW (object);

  switch (prop_id)
    {
    case PROP_PAGE:
      gp_window_set_page (self, g_value_get_string (value));
      break;

    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;

    case PROP_CATALOG:
      self->catalog = g_value_dup_object (value);
      break;

    case PROP_UPDATER:
      self->updater = g_value_dup_object (value);
      break;

    case PROP_STATE_FILE:
      self->state_file = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_window_class_init (GpWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = gp_window_constructed;
  object_class->dispose = gp_window_dispose;
  object_class->get_property = gp_window_get_property;
  object_class->set_property = gp_window_set_property;

  widget_class->map = gp_window_map;

  window_class->close_request = gp_window_close_request;

  properties[PROP_PAGE] =
    g_param_spec_string ("page", NULL, NULL,
                         "compare",
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /* Construct-only, so that constructed() has them: "application" is set only after it. */
  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, GP_TYPE_SETTINGS,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  properties[PROP_CATALOG] =
    g_param_spec_object ("catalog", NULL, NULL, GP_TYPE_CATALOG,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  properties[PROP_UPDATER] =
    g_param_spec_object ("updater", NULL, NULL, GP_TYPE_CATALOG_UPDATER,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  /* Where the comparison is kept; the default is in the user's data directory. */
  properties[PROP_STATE_FILE] =
    g_param_spec_object ("state-file", NULL, NULL, G_TYPE_FILE,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (GP_TYPE_COMPARE_PAGE);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH "/gp-window.ui");
  gtk_widget_class_bind_template_child (widget_class, GpWindow, compare_page);
  gtk_widget_class_bind_template_child (widget_class, GpWindow, instances_slot);
  gtk_widget_class_bind_template_child (widget_class, GpWindow, estimate_slot);
  gtk_widget_class_bind_template_child (widget_class, GpWindow, assistant_slot);
  gtk_widget_class_bind_template_child (widget_class, GpWindow, main_box);
  gtk_widget_class_bind_template_child (widget_class, GpWindow, primary_menu);
  gtk_widget_class_bind_template_child (widget_class, GpWindow, primary_menu_button);
  gtk_widget_class_bind_template_child (widget_class, GpWindow, refresh_revealer);
  gtk_widget_class_bind_template_child (widget_class, GpWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, GpWindow, title_squeezer);
  gtk_widget_class_bind_template_child (widget_class, GpWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, GpWindow, toast_overlay);

  gp_window_class_install_actions (widget_class);
  gp_window_class_install_quote_actions (widget_class);
  gp_window_class_install_offer_actions (widget_class);

  for (guint i = 0; i < G_N_ELEMENTS (page_names); i++)
    gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1 + i, GDK_ALT_MASK,
                                         "win.show-page", "s", page_names[i]);
}

static void
gp_window_init (GpWindow *self)
{
  self->cancellable = g_cancellable_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-refresh", FALSE);

#if DEVELOPMENT_BUILD
  gtk_widget_add_css_class (GTK_WIDGET (self), "devel");
#endif
}

GpWindow *
gp_window_new (GpApplication *application)
{
  g_return_val_if_fail (GP_IS_APPLICATION (application), NULL);

  return g_object_new (GP_TYPE_WINDOW,
                       "application", application,
                       "settings", gp_application_get_settings (application),
                       NULL);
}

const char *
gp_window_get_page (GpWindow *self)
{
  g_return_val_if_fail (GP_IS_WINDOW (self), NULL);

  return adw_view_stack_get_visible_child_name (self->stack);
}

/* Shows @page. An unknown name is ignored, so a stale setting cannot leave the window blank. */
void
gp_window_set_page (GpWindow   *self,
                    const char *page)
{
  g_return_if_fail (GP_IS_WINDOW (self));

  if (!is_page_name (page) || g_strcmp0 (page, gp_window_get_page (self)) == 0)
    return;

  ensure_page (self, page);
  adw_view_stack_set_visible_child_name (self->stack, page);
}

GCancellable *
gp_window_get_cancellable (GpWindow *self)
{
  g_return_val_if_fail (GP_IS_WINDOW (self), NULL);

  return self->cancellable;
}

GpEstimatePage *
gp_window_get_estimate_page (GpWindow *self)
{
  g_return_val_if_fail (GP_IS_WINDOW (self), NULL);

  if (self->estimate_page == NULL)
    {
      self->estimate_page = g_object_new (GP_TYPE_ESTIMATE_PAGE, NULL);
      gp_estimate_page_set_settings (self->estimate_page, self->settings);
      if (self->catalog != NULL)
        gp_estimate_page_set_catalog (self->estimate_page, self->catalog);
      adw_bin_set_child (self->estimate_slot, GTK_WIDGET (self->estimate_page));
    }

  return self->estimate_page;
}

GpAssistantPage *
gp_window_get_assistant_page (GpWindow *self)
{
  g_return_val_if_fail (GP_IS_WINDOW (self), NULL);

  if (self->assistant_page == NULL)
    {
      self->assistant_page = g_object_new (GP_TYPE_ASSISTANT_PAGE, NULL);
      gp_assistant_page_set_settings (self->assistant_page, self->settings);
      if (self->catalog != NULL)
        gp_assistant_page_set_catalog (self->assistant_page, self->catalog);
      g_signal_connect_object (self->assistant_page, "open-estimate",
                               G_CALLBACK (assistant_open_estimate_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->assistant_page, "open-compare",
                               G_CALLBACK (assistant_open_compare_cb), self, G_CONNECT_SWAPPED);
      adw_bin_set_child (self->assistant_slot, GTK_WIDGET (self->assistant_page));
    }

  return self->assistant_page;
}

/* The GPU the user is looking at, for a form that asks for one (a quote, a lab machine): the
 * model of the offer in the Instances details, else the one the Instances filter keeps. */
const char *
gp_window_get_gpu_in_view (GpWindow *self)
{
  GpOffer *offer;

  g_return_val_if_fail (GP_IS_WINDOW (self), NULL);

  /* A page not made yet shows nothing: it is not made for this. */
  if (self->instances_page == NULL)
    return NULL;
  offer = gp_instances_page_get_details_offer (self->instances_page);
  if (offer != NULL && gp_offer_get_gpu (offer) != NULL)
    return gp_gpu_get_id (gp_offer_get_gpu (offer));
  return gp_offer_filter_get_gpu (gp_instances_page_get_filter (self->instances_page));
}

/* The Instances page is made the first time it is needed: its columns and filters would
 * otherwise cost every start its first frame. */
GpInstancesPage *
gp_window_get_instances_page (GpWindow *self)
{
  g_return_val_if_fail (GP_IS_WINDOW (self), NULL);

  if (self->instances_page == NULL)
    {
      self->instances_page = g_object_new (GP_TYPE_INSTANCES_PAGE, NULL);
      gp_instances_page_set_settings (self->instances_page, self->settings);
      if (self->catalog != NULL)
        gp_instances_page_set_catalog (self->instances_page, self->catalog);
      adw_bin_set_child (self->instances_slot, GTK_WIDGET (self->instances_page));
    }

  return self->instances_page;
}
