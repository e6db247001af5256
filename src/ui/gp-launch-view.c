/* gp-launch-view.c — the Launch panel: the code that starts a job on an offer, to copy
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The code in a monospace view, the values only the user knows highlighted where they stand
 * and listed with what each is, a Copy button, what the machine costs an hour, the upload, the
 * environment, and the documentation the template follows. The code's own comments stay as
 * written; everything around them is translated.
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "gp-currency.h"
#include "gp-format.h"
#include "gp-launch-view.h"
#include "gp-ui-widgets.h"
#include "gp-ui-toasts.h"

struct _GpLaunchView
{
  AdwBin parent_instance;

  GpOffer *offer;
  GpLaunchUpload upload;
  gboolean has_upload;
  char *currency;        /* the prices' currency */
  double rate;           /* what one unit of the catalog's currency is in it */
  GtkStringList *labels; /* the formats' names, as the drop-down shows them */
  GStrv formats;
  GpLaunchSnippet *snippet;
  gboolean filling;
  gboolean block;     /* the code buys a Capacity Block and launches into it */
  double block_hours; /* the job's hours, for the block's length; 0 to leave it to the user */

  /* Template widgets */
  GtkWidget *controls_box;
  GtkDropDown *format_dropdown;
  GtkWidget *spot_box;
  GtkSwitch *spot_switch;
  GtkWidget *code_window;
  GtkTextView *code_view;
  GtkLabel *fill_label;
  GtkLabel *notes_label;
  GtkLabel *source_label;
};

G_DEFINE_FINAL_TYPE (GpLaunchView, gp_launch_view, ADW_TYPE_BIN)

/* Each MY_ value where it stands, so that none is missed. */
static void
highlight_placeholders (GpLaunchView *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->code_view);
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  gtk_text_buffer_remove_tag_by_name (buffer, "placeholder", &start, &end);
  for (guint i = 0; self->snippet->placeholders[i] != NULL; i++)
    {
      GtkTextIter at, match_start, match_end;

      gtk_text_buffer_get_start_iter (buffer, &at);
      while (gtk_text_iter_forward_search (&at, self->snippet->placeholders[i], 0, &match_start,
                                           &match_end, NULL))
        {
          gtk_text_buffer_apply_tag_by_name (buffer, "placeholder", &match_start, &match_end);
          at = match_end;
        }
    }
}

static char *
fill_text (GpLaunchSnippet *snippet)
{
  GString *text = g_string_new (NULL);

  if (snippet->placeholders[0] == NULL)
    return g_string_free (text, FALSE);
  g_string_append (text, _("Fill in, where highlighted:"));
  for (guint i = 0; snippet->placeholders[i] != NULL; i++)
    /* Translators: a value of the launch code the user fills in, and what it is */
    g_string_append_printf (text, _("\n• %s: %s"), snippet->placeholders[i],
                            snippet->descriptions[i]);
  return g_string_free (text, FALSE);
}

static void
append_line (GString    *text,
             const char *line)
{
  if (text->len > 0)
    g_string_append_c (text, '\n');
  g_string_append (text, line);
}

/* The data in another region than the machine: what copying it costs, where the data says. */
static void
append_copy (GString      *text,
             GpLaunchView *self)
{
  g_autofree char *line = NULL;

  if (self->snippet->copy_from == NULL)
    return;
  if (isfinite (self->snippet->copy_egress))
    {
      g_autofree char *money = gp_format_money (
          gp_currency_convert (self->snippet->copy_egress, self->rate), self->currency);

      /* Translators: the data is in one region, the machine in another; the copy's cost */
      line = g_strdup_printf (_("The data is in %s, the machine in %s: copying the %.0f GB "
                                 "across regions costs at most %s in egress."),
                              self->snippet->copy_from, gp_offer_get_region_id (self->offer),
                              self->snippet->copy_gb, money);
    }
  else
    /* Translators: the data is in a region the machine's platform does not list */
    line = g_strdup_printf (_("The data is in %s, which %s does not list: copying it pays the "
                               "egress of the cloud it is in."),
                            self->snippet->copy_from,
                            gp_provider_get_name (gp_offer_get_provider (self->offer)));
  append_line (text, line);
}

/* What it costs an hour, the upload, and what the platform's machines come with. */
static char *
notes_text (GpLaunchView *self,
            gboolean      spot)
{
  GpProvider *provider = gp_offer_get_provider (self->offer);
  /* In the catalog's currency already: a yuan price is converted once, not twice. */
  double on_demand =
      gp_offer_get_column_value (self->offer, GP_OFFER_COLUMN_ON_DEMAND, FALSE, self->rate);
  double spot_price =
      gp_offer_get_column_value (self->offer, GP_OFFER_COLUMN_SPOT, FALSE, self->rate);
  double session = gp_provider_get_max_session_hours (provider);
  const char *environment = gp_format_catalog_text (gp_provider_get_environment (provider));
  GString *text = g_string_new (NULL);

  if (self->block)
    {
      g_autofree char *money =
          gp_format_money (gp_offer_get_column_value (self->offer, GP_OFFER_COLUMN_CAPACITY_BLOCK,
                                                      FALSE, self->rate),
                           self->currency);
      /* Translators: an hour of a Capacity Block's machine, "It costs $31.46 an hour as a
       * Capacity Block, the whole block paid when it is bought." */
      g_autofree char *line = g_strdup_printf (_("It costs %s an hour as a Capacity Block, the "
                                                  "whole block paid when it is bought."),
                                               money);

      append_line (text, line);
    }
  else if (spot && isfinite (spot_price) && spot_price > 0)
    {
      g_autofree char *money = gp_format_money (spot_price, self->currency);
      g_autofree char *line = g_strdup_printf (_("It costs %s an hour on spot."), money);

      append_line (text, line);
    }
  else if (isfinite (on_demand) && on_demand > 0)
    {
      g_autofree char *money = gp_format_money (on_demand, self->currency);
      g_autofree char *line =
          spot ? g_strdup_printf (_("It costs at most %s an hour: its spot price is not "
                                     "published."),
                                  money)
               : g_strdup_printf (_("It costs %s an hour on demand."), money);

      append_line (text, line);
    }

  if (self->snippet->upload != NULL)
    {
      g_autofree char *line = g_strdup_printf (
          /* Translators: the upload command and how long it takes at the user's speed */
          _("Upload the data, about %.1f h at your speed: %s"), self->snippet->upload_hours,
          self->snippet->upload);

      append_line (text, line);
      if (isfinite (self->snippet->egress_back))
        {
          g_autofree char *money = gp_format_money (
              gp_currency_convert (self->snippet->egress_back, self->rate), self->currency);
          g_autofree char *back =
              g_strdup_printf (_("Bringing the %.0f GB back costs %s in egress."),
                               self->snippet->egress_back_gb, money);

          append_line (text, back);
        }
      append_copy (text, self);
    }

  {
    const char *ssh = gp_provider_has_feature (provider, GP_FEATURE_SSH) ? _("yes") : _("no");
    const char *notebooks =
        gp_provider_has_feature (provider, GP_FEATURE_MANAGED_NOTEBOOKS) ? _("yes") : _("no");
    /* The catalog's feature is a hosted notebook service (Colab, SageMaker Studio), not Jupyter
     * on the machine: Lambda said "Jupyter notebooks: no" beside "SSH and Jupyter". */
    g_autofree char *access =
        self->snippet->containers >= 0
            /* Translators: what the platform offers: SSH to its machines, a hosted notebook
             * service (as Colab is one), containers */
            ? g_strdup_printf (_("SSH: %s · Hosted notebook service: %s · Containers: %s"), ssh,
                               notebooks, self->snippet->containers ? _("yes") : _("no"))
            /* Translators: what the platform offers: SSH to its machines, a hosted notebook
             * service (as Colab is one) */
            : g_strdup_printf (_("SSH: %s · Hosted notebook service: %s"), ssh, notebooks);

    append_line (text, access);
  }
  if (self->snippet->images != NULL)
    {
      /* Translators: the framework images a platform ships, as a dated source says */
      g_autofree char *line = g_strdup_printf (_("Images: %s"), self->snippet->images);

      append_line (text, line);
    }
  if (isfinite (session) && session > 0)
    {
      g_autofree char *line = g_strdup_printf (_("A session lasts at most %g hours."), session);

      append_line (text, line);
    }
  if (environment != NULL)
    append_line (text, environment);
  return g_string_free (text, FALSE);
}

static char *
sources_text (GpLaunchSnippet *snippet)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < snippet->sources->len; i++)
    {
      GpLaunchSource *source = g_ptr_array_index (snippet->sources, i);
      g_autofree char *line =
          source->of_environment
              /* Translators: where what ships on a platform (images, CUDA) is said, and its date */
              ? g_strdup_printf (_("Images as listed in: %s, as of %s"), source->title,
                                 source->as_of)
              /* Translators: the documentation a launch template follows, and its date */
              : g_strdup_printf (_("Written against: %s, as of %s"), source->title, source->as_of);

      append_line (text, line);
    }
  return g_string_free (text, FALSE);
}

/* Whether the offer's platform sells spot, preemptible or low-priority capacity. */
static gboolean
sells_spot (GpOffer *offer)
{
  return offer != NULL &&
         (gp_provider_get_pricing (gp_offer_get_provider (offer)) & GP_PRICING_SPOT) != 0;
}

static void
show (GpLaunchView *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->code_view);
  g_autoptr(GError) error = NULL;
  guint position = gtk_drop_down_get_selected (self->format_dropdown);
  const char *format = self->formats != NULL && position < g_strv_length (self->formats)
                           ? self->formats[position]
                           : NULL;
  gboolean spot;

  /* Flex-Start waits for capacity instead of being preempted: spot does not apply to it. */
  gtk_widget_set_visible (
      self->spot_box, !self->block && sells_spot (self->offer) &&
                          gp_launch_data_offers_spot (gp_launch_data_get_default (),
                                                      gp_offer_get_provider (self->offer), format));
  spot = gtk_widget_get_visible (self->spot_box) && gtk_switch_get_active (self->spot_switch);
  g_clear_pointer (&self->snippet, gp_launch_snippet_free);
  if (self->offer != NULL && self->block)
    self->snippet = gp_launch_render_capacity_block (
        gp_launch_data_get_default (), self->offer, self->block_hours,
        self->has_upload ? &self->upload : NULL, NULL, &error);
  else if (self->offer != NULL)
    self->snippet = gp_launch_render (gp_launch_data_get_default (), self->offer, format, spot,
                                      self->has_upload ? &self->upload : NULL, &error);

  /* A block's code has no other format and no spot choice. */
  gtk_widget_set_visible (self->controls_box, self->snippet != NULL && !self->block);
  gtk_widget_set_visible (self->code_window, self->snippet != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "launch.copy", self->snippet != NULL);
  if (self->snippet == NULL)
    {
      gtk_text_buffer_set_text (buffer, "", -1);
      gtk_label_set_text (self->fill_label, error != NULL ? error->message : "");
      gtk_label_set_text (self->notes_label, "");
      gtk_label_set_text (self->source_label, "");
      return;
    }

  gtk_text_buffer_set_text (buffer, self->snippet->text, -1);
  highlight_placeholders (self);
  {
    g_autofree char *fill = fill_text (self->snippet);
    g_autofree char *notes = notes_text (self, spot);
    g_autofree char *sources = sources_text (self->snippet);

    gtk_label_set_text (self->fill_label, fill);
    gtk_widget_set_visible (GTK_WIDGET (self->fill_label), *fill != '\0');
    gtk_label_set_text (self->notes_label, notes);
    gtk_label_set_text (self->source_label, sources);
  }
}

static void
copy_action (GtkWidget  *widget,
             const char *action,
             GVariant   *parameter)
{
  GpLaunchView *self = GP_LAUNCH_VIEW (widget);

  if (self->snippet == NULL)
    return;
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), self->snippet->text);
  gp_ui_show_toast (widget, _("Launch code copied"));
}

static void
changed_cb (GpLaunchView *self)
{
  if (!self->filling)
    show (self);
}

static void
gp_launch_view_dispose (GObject *object)
{
  GpLaunchView *self = GP_LAUNCH_VIEW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), GP_TYPE_LAUNCH_VIEW);
  g_clear_object (&self->offer);
  g_clear_object (&self->labels);
  g_clear_pointer (&self->formats, g_strfreev);
  g_clear_pointer (&self->snippet, gp_launch_snippet_free);
  g_clear_pointer (&self->currency, g_free);
  g_clear_pointer ((char **) &self->upload.data_dir, g_free);
  g_clear_pointer ((char **) &self->upload.data_region, g_free);

  G_OBJECT_CLASS (gp_launch_view_parent_class)->dispose (object);
}

static void
gp_launch_view_class_init (GpLaunchViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = gp_launch_view_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE_PATH "/gp-launch-view.ui");
  gtk_widget_class_bind_template_child (widget_class, GpLaunchView, controls_box);
  gtk_widget_class_bind_template_child (widget_class, GpLaunchView, format_dropdown);
  gtk_widget_class_bind_template_child (widget_class, GpLaunchView, spot_box);
  gtk_widget_class_bind_template_child (widget_class, GpLaunchView, spot_switch);
  gtk_widget_class_bind_template_child (widget_class, GpLaunchView, code_window);
  gtk_widget_class_bind_template_child (widget_class, GpLaunchView, code_view);
  gtk_widget_class_bind_template_child (widget_class, GpLaunchView, fill_label);
  gtk_widget_class_bind_template_child (widget_class, GpLaunchView, notes_label);
  gtk_widget_class_bind_template_child (widget_class, GpLaunchView, source_label);
  gtk_widget_class_install_action (widget_class, "launch.copy", NULL, copy_action);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
gp_launch_view_init (GpLaunchView *self)
{
  GtkTextBuffer *buffer;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->rate = 1;
  self->labels = gtk_string_list_new (NULL);
  gtk_drop_down_set_model (self->format_dropdown, G_LIST_MODEL (self->labels));
  gp_ui_quiet_tooltip_while_open (GTK_WIDGET (self->format_dropdown));
  buffer = gtk_text_view_get_buffer (self->code_view);
  /* Seen on light and dark alike: a translucent yellow behind, and bold. */
  gtk_text_buffer_create_tag (buffer, "placeholder", "weight", PANGO_WEIGHT_BOLD, "background-rgba",
                              &(GdkRGBA){ 0.96, 0.83, 0.18, 0.35 }, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->code_view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Launch code"), -1);
  g_signal_connect_swapped (self->format_dropdown, "notify::selected", G_CALLBACK (changed_cb),
                            self);
  g_signal_connect_swapped (self->spot_switch, "notify::active", G_CALLBACK (changed_cb), self);
}

GtkWidget *
gp_launch_view_new (void)
{
  return g_object_new (GP_TYPE_LAUNCH_VIEW, NULL);
}

/* Shows the launch code of @offer: its platform's formats to choose from, the spot switch when
 * the platform has spot capacity. */
void
gp_launch_view_set_offer (GpLaunchView         *self,
                          GpOffer              *offer,
                          gboolean              spot,
                          const GpLaunchUpload *upload,
                          const char           *currency,
                          double                rate)
{
  g_return_if_fail (GP_IS_LAUNCH_VIEW (self));

  g_set_object (&self->offer, offer);
  g_free (self->currency);
  self->currency = g_strdup (currency != NULL ? currency : "USD");
  self->rate = rate > 0 ? rate : 1;
  g_clear_pointer ((char **) &self->upload.data_dir, g_free);
  g_clear_pointer ((char **) &self->upload.data_region, g_free);
  self->has_upload = upload != NULL && upload->dataset_gb > 0;
  if (self->has_upload)
    {
      self->upload = *upload;
      self->upload.data_dir = g_strdup (upload->data_dir != NULL ? upload->data_dir : "./data");
      self->upload.data_region = g_strdup (upload->data_region);
    }

  self->filling = TRUE;
  g_strfreev (self->formats);
  self->formats = offer != NULL ? gp_launch_data_dup_formats (gp_launch_data_get_default (),
                                                              gp_offer_get_provider (offer))
                                : g_new0 (char *, 1);
  gtk_string_list_splice (self->labels, 0, g_list_model_get_n_items (G_LIST_MODEL (self->labels)),
                          NULL);
  for (guint i = 0; self->formats[i] != NULL; i++)
    gtk_string_list_append (self->labels, gp_launch_format_get_label (self->formats[i]));
  gtk_drop_down_set_selected (self->format_dropdown, 0);
  gtk_switch_set_active (self->spot_switch, sells_spot (offer) && spot);
  self->block = FALSE;
  self->filling = FALSE;
  show (self);
}

/* Shows the code that buys a Capacity Block for the offer's machine and launches into it, at
 * the block's price, or why there is none. */
void
gp_launch_view_set_capacity_block (GpLaunchView *self,
                                   double        wall_hours)
{
  g_return_if_fail (GP_IS_LAUNCH_VIEW (self));

  self->block = TRUE;
  self->block_hours = wall_hours > 0 ? wall_hours : 0;
  show (self);
}

const GpLaunchSnippet *
gp_launch_view_get_snippet (GpLaunchView *self)
{
  g_return_val_if_fail (GP_IS_LAUNCH_VIEW (self), NULL);
  return self->snippet;
}
