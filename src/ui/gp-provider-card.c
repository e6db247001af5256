/* gp-provider-card.c — one platform's column on the Compare page
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "gp-format.h"
#include "gp-provider-card.h"

struct _GpProviderCard
{
  AdwBin             parent_instance;

  GpProviderSummary *summary;
  char              *currency;

  /* Template widgets */
  GtkLabel          *as_of_label;
  GtkBox            *billing_box;
  GtkBox            *compute_box;
  GtkBox            *environment_box;
  GtkLabel          *kind_label;
  GtkBox            *sources_box;
  GtkMenuButton     *sources_button;
  GtkLabel          *summary_label;
  GtkLabel          *title_label;
  GtkBox            *transfer_box;
};

G_DEFINE_FINAL_TYPE (GpProviderCard, gp_provider_card, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_SUMMARY,
  PROP_CURRENCY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GtkWidget *
add_text (GtkBox     *box,
          const char *text,
          const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_natural_wrap_mode (GTK_LABEL (label), GTK_NATURAL_WRAP_WORD);
  /* Narrow columns, so five fit side by side on a laptop screen. */
  gtk_label_set_max_width_chars (GTK_LABEL (label), 24);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  gtk_box_append (box, label);

  return label;
}

static void
add_heading (GtkBox     *box,
             const char *text)
{
  add_text (box, text, "heading");
}

/* A feature the platform has or lacks: the mark says which, and so does the text for screen
 * readers, since a mark alone is not an answer. */
static void
add_feature (GtkBox     *box,
             gboolean    has,
             const char *name)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *icon = gtk_image_new_from_icon_name (has ? "object-select-symbolic"
                                                      : "window-close-symbolic");
  GtkWidget *label = gtk_label_new (name);
  g_autofree char *description = g_strdup_printf (has ? _("%s: yes") : _("%s: no"), name);

  gtk_widget_add_css_class (icon, has ? "success" : "dim-label");
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 22);
  if (!has)
    gtk_widget_add_css_class (label, "dim-label");
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, description,
                                  -1);
  gtk_widget_set_name (row, has ? "feature-yes" : "feature-no");
  gtk_box_append (GTK_BOX (row), icon);
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (box, row);
}

/* Subscription runtimes are priced in compute units, not hours: say how fast each burns them. */
static void
add_unit_burn (GpProviderCard *self)
{
  GListModel *instances = gp_provider_summary_get_instances (self->summary);

  for (guint i = 0; i < g_list_model_get_n_items (instances); i++)
    {
      g_autoptr(GpInstance) instance = g_list_model_get_item (instances, i);
      double units = gp_instance_get_compute_units_per_hour (instance);
      g_autofree char *text = NULL;

      if (isnan (units))
        continue;

      /* Translators: "Colab A100 runtime: 13.08 compute units an hour" */
      text = g_strdup_printf (_("%s: %.2f compute units an hour"), gp_instance_get_name (instance),
                              units);
      add_text (self->compute_box, text, NULL);
    }
}

static void
fill_compute (GpProviderCard *self)
{
  GpProviderSummary *summary = self->summary;
  const char * const *gpus = gp_provider_summary_get_gpu_names (summary);
  GpOffer *cheapest = gp_provider_summary_get_cheapest_offer (summary);
  g_autofree char *gpu_list = NULL;

  add_heading (self->compute_box, _("GPUs and compute"));

  if (gpus[0] == NULL)
    {
      add_text (self->compute_box, _("No GPU instances in the catalog"), "dim-label");
      return;
    }

  gpu_list = g_strjoinv (C_("list separator", ", "), (char **) gpus);
  if (gp_provider_summary_get_gpus_from (summary) != NULL)
    {
      g_autofree char *text =
        /* Translators: "On Google Cloud Compute Engine machine types: A100 40GB SXM4, …" */
        g_strdup_printf (_("On %s machine types: %s"),
                         gp_provider_get_name (gp_provider_summary_get_gpus_from (summary)),
                         gpu_list);
      add_text (self->compute_box, text, NULL);
    }
  else
    add_text (self->compute_box, gpu_list, NULL);

  if (!isnan (gp_provider_summary_get_max_gpu_memory (summary)))
    {
      g_autofree char *memory =
        g_strdup_printf (_("Up to %.0f GB of memory per GPU"),
                         gp_provider_summary_get_max_gpu_memory (summary));
      add_text (self->compute_box, memory, NULL);
    }

  add_unit_burn (self);

  if (cheapest != NULL)
    {
      g_autofree char *price = gp_format_money (gp_offer_get_per_gpu_hour (cheapest), self->currency);
      g_autofree char *text =
        /* Translators: "From $0.53 per GPU-hour on demand (g4dn.xlarge)" */
        g_strdup_printf (_("From %s per GPU-hour on demand (%s)"), price,
                         gp_instance_get_name (gp_offer_get_instance (cheapest)));
      add_text (self->compute_box, text, NULL);
    }
}

static void
add_plans (GpProviderCard *self,
           GpProvider     *provider)
{
  GListModel *plans = gp_provider_get_plans (provider);

  for (guint i = 0; i < g_list_model_get_n_items (plans); i++)
    {
      g_autoptr(GpPlan) plan = g_list_model_get_item (plans, i);
      g_autofree char *text = NULL;

      if (!isnan (gp_plan_get_price (plan)) && !isnan (gp_plan_get_compute_units (plan)))
        {
          g_autofree char *price = gp_format_money (gp_plan_get_price (plan), self->currency);
          /* Translators: "Pay As You Go: $9.99 for 100 compute units" */
          text = g_strdup_printf (_("%s: %s for %.0f compute units"), gp_plan_get_name (plan), price,
                                  gp_plan_get_compute_units (plan));
        }
      else if (gp_plan_get_monthly_fee (plan) == 0 && isnan (gp_plan_get_compute_units (plan)))
        text = g_strdup_printf (_("%s: free, limits not published"), gp_plan_get_name (plan));
      else
        text = g_strdup_printf (_("%s: price not found"), gp_plan_get_name (plan));

      add_text (self->billing_box, text, NULL);
    }
}

static void
fill_billing (GpProviderCard *self)
{
  GpProvider *provider = gp_provider_summary_get_provider (self->summary);
  g_autofree char *models = gp_format_pricing_models (gp_provider_get_pricing (provider));
  g_autofree char *increment = gp_format_billing_increment (gp_provider_get_billing_increment_s (provider));
  double saving = gp_provider_summary_get_max_spot_saving_pct (self->summary);
  double markup_min = gp_provider_get_markup_min_pct (provider);
  double markup_max = gp_provider_get_markup_max_pct (provider);
  double commit_1y = gp_provider_get_reserved_1y_discount_pct (provider);
  double commit_3y = gp_provider_get_reserved_3y_discount_pct (provider);

  add_heading (self->billing_box, _("Billing and prices"));
  add_text (self->billing_box, models, NULL);
  add_text (self->billing_box, increment, NULL);

  if (!isnan (saving))
    {
      g_autofree char *text = g_strdup_printf (_("Spot up to %.0f%% below on-demand"), saving);
      add_text (self->billing_box, text, NULL);
    }

  if (!isnan (commit_1y) && !isnan (commit_3y))
    {
      g_autofree char *text =
        g_strdup_printf (_("Commitments save %.0f%% (1 year) or %.0f%% (3 years)"), commit_1y,
                         commit_3y);
      add_text (self->billing_box, text, NULL);
    }

  if (!isnan (markup_min) && !isnan (markup_max))
    {
      g_autofree char *text = NULL;

      if (markup_max == 0)
        text = g_strdup (_("Billed at the price of the VMs it runs on"));
      else if (markup_min == markup_max)
        text = g_strdup_printf (_("About %.0f%% above the raw VM price"), markup_min);
      else
        text = g_strdup_printf (_("%.0f–%.0f%% above the raw VM price"), markup_min, markup_max);
      add_text (self->billing_box, text, NULL);
    }

  add_plans (self, provider);
}

static void
fill_transfer (GpProviderCard *self)
{
  GpProvider *provider = gp_provider_summary_get_provider (self->summary);
  double egress = gp_provider_get_egress_per_gb (provider);
  double free_gb = gp_provider_get_egress_free_gb (provider);
  g_autofree char *text = NULL;

  add_heading (self->transfer_box, _("Data transfer"));

  if (isnan (egress))
    {
      add_text (self->transfer_box, _("Egress price not in the catalog"), "dim-label");
      return;
    }

  {
    g_autofree char *price = gp_format_money (egress, self->currency);

    if (!isnan (free_gb) && free_gb > 0)
      text = g_strdup_printf (_("Egress %s per GB after %.0f GB free a month"), price, free_gb);
    else
      text = g_strdup_printf (_("Egress %s per GB"), price);
  }
  add_text (self->transfer_box, text, NULL);

  if (gp_provider_get_ingress_per_gb (provider) == 0)
    add_text (self->transfer_box, _("Uploads are free"), NULL);
}

static void
fill_environment (GpProviderCard *self)
{
  GpProvider *provider = gp_provider_summary_get_provider (self->summary);
  const char *environment = gp_provider_get_environment (provider);
  double session = gp_provider_get_max_session_hours (provider);

  add_heading (self->environment_box, _("Development environment"));
  add_feature (self->environment_box,
               gp_provider_has_feature (provider, GP_FEATURE_PREINSTALLED_FRAMEWORKS),
               _("CUDA, PyTorch and TensorFlow ready"));
  add_feature (self->environment_box,
               gp_provider_has_feature (provider, GP_FEATURE_MANAGED_NOTEBOOKS),
               _("Managed notebooks"));
  add_feature (self->environment_box, gp_provider_has_feature (provider, GP_FEATURE_SSH),
               _("SSH access"));
  add_feature (self->environment_box, gp_provider_has_feature (provider, GP_FEATURE_PIPELINES),
               _("Pipelines and MLOps"));
  add_feature (self->environment_box,
               gp_provider_has_feature (provider, GP_FEATURE_ENTERPRISE_IDENTITY),
               _("Enterprise sign-in"));
  add_feature (self->environment_box, gp_provider_has_feature (provider, GP_FEATURE_INFINIBAND),
               _("Fast interconnect between nodes"));

  if (!isnan (session))
    {
      g_autofree char *text = g_strdup_printf (_("A session lasts at most %.0f hours"), session);
      add_text (self->environment_box, text, "warning");
    }

  if (environment != NULL)
    add_text (self->environment_box, environment, "dim-label");
}

static void
add_source_row (GpProviderCard *self,
                GpSource       *source)
{
  const char *url = gp_source_get_url (source);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *title;
  g_autofree char *date = g_strdup_printf (_("As of %s"), gp_source_get_as_of (source));

  if (url != NULL && g_str_has_prefix (url, "http"))
    {
      title = gtk_link_button_new_with_label (url, gp_source_get_title (source));
      gtk_widget_set_halign (title, GTK_ALIGN_START);
      gtk_label_set_wrap (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (title))), TRUE);
      gtk_label_set_xalign (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (title))), 0);
      gtk_label_set_max_width_chars (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (title))), 40);
    }
  else
    {
      title = gtk_label_new (gp_source_get_title (source));
      gtk_label_set_wrap (GTK_LABEL (title), TRUE);
      gtk_label_set_xalign (GTK_LABEL (title), 0);
      gtk_label_set_max_width_chars (GTK_LABEL (title), 40);
    }

  gtk_box_append (GTK_BOX (box), title);
  add_text (GTK_BOX (box), date, "caption");
  gtk_widget_add_css_class (gtk_widget_get_last_child (box), "dim-label");
  gtk_box_append (self->sources_box, box);
}

static void
fill_footer (GpProviderCard *self)
{
  GListModel *sources = gp_provider_summary_get_sources (self->summary);
  const char *as_of = gp_provider_summary_get_oldest_as_of (self->summary);
  g_autofree char *text = NULL;

  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  int age = as_of != NULL ? gp_as_of_get_age_days (as_of, now) : -1;

  /* The oldest date is the honest one: every figure here is at least that recent. */
  if (as_of == NULL)
    text = g_strdup (_("Figures undated"));
  else if (age > GP_STALE_AFTER_DAYS)
    text = g_strdup_printf (_("Figures as of %s or later: more than %d days old, refresh them"),
                            as_of, GP_STALE_AFTER_DAYS);
  else
    text = g_strdup_printf (_("Figures as of %s or later"), as_of);
  gtk_label_set_text (self->as_of_label, text);
  if (age > GP_STALE_AFTER_DAYS)
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->as_of_label), "dim-label");
      gtk_widget_add_css_class (GTK_WIDGET (self->as_of_label), "warning");
      gtk_widget_set_name (GTK_WIDGET (self->as_of_label), "stale");
    }

  for (guint i = 0; i < g_list_model_get_n_items (sources); i++)
    {
      g_autoptr(GpSource) source = g_list_model_get_item (sources, i);
      add_source_row (self, source);
    }
}

static void
gp_provider_card_constructed (GObject *object)
{
  GpProviderCard *self = GP_PROVIDER_CARD (object);
  GpProvider *provider = gp_provider_summary_get_provider (self->summary);
  g_autofree char *sources_label = NULL;

  G_OBJECT_CLASS (gp_provider_card_parent_class)->constructed (object);

  gtk_label_set_text (self->title_label, gp_provider_get_name (provider));
  gtk_label_set_text (self->kind_label, gp_format_provider_kind (gp_provider_get_kind (provider)));
  gtk_label_set_text (self->summary_label, gp_provider_get_summary (provider));
  gtk_widget_set_visible (GTK_WIDGET (self->summary_label), gp_provider_get_summary (provider) != NULL);

  fill_compute (self);
  fill_billing (self);
  fill_transfer (self);
  fill_environment (self);
  fill_footer (self);

  sources_label = g_strdup_printf (_("Sources for %s"), gp_provider_get_name (provider));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->sources_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, sources_label, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  gp_provider_get_name (provider), -1);
}

static void
gp_provider_card_dispose (GObject *object)
{
  GpProviderCard *self = GP_PROVIDER_CARD (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), GP_TYPE_PROVIDER_CARD);
  g_clear_object (&self->summary);

  G_OBJECT_CLASS (gp_provider_card_parent_class)->dispose (object);
}

static void
gp_provider_card_finalize (GObject *object)
{
  GpProviderCard *self = GP_PROVIDER_CARD (object);

  g_free (self->currency);

  G_OBJECT_CLASS (gp_provider_card_parent_class)->finalize (object);
}

static void
gp_provider_card_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  GpProviderCard *self = GP_PROVIDER_CARD (object);

  switch (prop_id)
    {
    case PROP_SUMMARY:
      g_value_set_object (value, self->summary);
      break;

    case PROP_CURRENCY:
      g_value_set_string (value, self->currency);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_provider_card_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  GpProviderCard *self = GP_PROVIDER_CARD (object);

  switch (prop_id)
    {
    case PROP_SUMMARY:
      self->summary = g_value_dup_object (value);
      break;

    case PROP_CURRENCY:
      self->currency = g_value_dup_string (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_provider_card_class_init (GpProviderCardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = gp_provider_card_constructed;
  object_class->dispose = gp_provider_card_dispose;
  object_class->finalize = gp_provider_card_finalize;
  object_class->get_property = gp_provider_card_get_property;
  object_class->set_property = gp_provider_card_set_property;

  properties[PROP_SUMMARY] =
    g_param_spec_object ("summary", NULL, NULL, GP_TYPE_PROVIDER_SUMMARY,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CURRENCY] =
    g_param_spec_string ("currency", NULL, NULL, "USD",
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE_PATH "/gp-provider-card.ui");
  gtk_widget_class_bind_template_child (widget_class, GpProviderCard, as_of_label);
  gtk_widget_class_bind_template_child (widget_class, GpProviderCard, billing_box);
  gtk_widget_class_bind_template_child (widget_class, GpProviderCard, compute_box);
  gtk_widget_class_bind_template_child (widget_class, GpProviderCard, environment_box);
  gtk_widget_class_bind_template_child (widget_class, GpProviderCard, kind_label);
  gtk_widget_class_bind_template_child (widget_class, GpProviderCard, sources_box);
  gtk_widget_class_bind_template_child (widget_class, GpProviderCard, sources_button);
  gtk_widget_class_bind_template_child (widget_class, GpProviderCard, summary_label);
  gtk_widget_class_bind_template_child (widget_class, GpProviderCard, title_label);
  gtk_widget_class_bind_template_child (widget_class, GpProviderCard, transfer_box);

  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
gp_provider_card_init (GpProviderCard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * gp_provider_card_new:
 * @summary: what to show
 * @currency: the ISO 4217 code of the summary's prices
 *
 * Returns: (transfer full): a card
 */
GtkWidget *
gp_provider_card_new (GpProviderSummary *summary,
                      const char        *currency)
{
  g_return_val_if_fail (GP_IS_PROVIDER_SUMMARY (summary), NULL);

  return g_object_new (GP_TYPE_PROVIDER_CARD,
                       "summary", summary,
                       "currency", currency,
                       NULL);
}

/**
 * gp_provider_card_get_summary:
 * @self: a #GpProviderCard
 *
 * Returns: (transfer none): the summary shown
 */
GpProviderSummary *
gp_provider_card_get_summary (GpProviderCard *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER_CARD (self), NULL);
  return self->summary;
}
