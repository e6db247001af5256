/* gp-compare-page.c — the five platforms labs ask about, side by side
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "gp-compare-page.h"
#include "gp-provider-card.h"
#include "gp-provider-summary.h"

struct _GpComparePage
{
  AdwBin      parent_instance;

  GpCatalog  *catalog;
  GListStore *summaries;
  guint       rebuild_source;
  gboolean    dirty;

  /* Template widgets */
  GtkFlowBox *flow_box;
};

G_DEFINE_FINAL_TYPE (GpComparePage, gp_compare_page, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_CATALOG,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The platforms of the first question labs bring, in the order they usually name them. */
static const char *const featured[] = {
  "aws-sagemaker", "azure-ml", "vertex-ai", "colab", "lambda",
};

static void
rebuild (GpComparePage *self)
{
  g_autoptr(GPtrArray) summaries = g_ptr_array_new_with_free_func (g_object_unref);

  if (self->catalog != NULL)
    for (guint i = 0; i < G_N_ELEMENTS (featured); i++)
      {
        GpProvider *provider = gp_catalog_find_provider (self->catalog, featured[i]);

        if (provider != NULL)
          g_ptr_array_add (summaries, gp_provider_summary_new (self->catalog, provider));
      }

  g_list_store_splice (self->summaries, 0,
                       g_list_model_get_n_items (G_LIST_MODEL (self->summaries)),
                       summaries->pdata, summaries->len);
}

static gboolean
rebuild_idle (gpointer user_data)
{
  GpComparePage *self = user_data;

  self->rebuild_source = 0;
  self->dirty = FALSE;
  rebuild (self);
  return G_SOURCE_REMOVE;
}

/* Cards are built once the page is on screen: at startup this runs after the first frame,
 * so the window appears at once and the columns fill in on the next frame. */
static void
queue_rebuild (GpComparePage *self)
{
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      self->dirty = TRUE;
      return;
    }

  g_clear_handle_id (&self->rebuild_source, g_source_remove);
  self->dirty = FALSE;
  rebuild (self);
}

static void
gp_compare_page_map (GtkWidget *widget)
{
  GpComparePage *self = GP_COMPARE_PAGE (widget);

  GTK_WIDGET_CLASS (gp_compare_page_parent_class)->map (widget);

  /* Below the redraw priority: the frame being prepared is painted first. */
  if (self->dirty && self->rebuild_source == 0)
    self->rebuild_source = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, rebuild_idle, self, NULL);
}

static GtkWidget *
create_card (gpointer item,
             gpointer user_data)
{
  GpComparePage *self = user_data;

  return gp_provider_card_new (GP_PROVIDER_SUMMARY (item),
                               gp_catalog_get_currency (self->catalog));
}

static void
gp_compare_page_dispose (GObject *object)
{
  GpComparePage *self = GP_COMPARE_PAGE (object);

  g_clear_handle_id (&self->rebuild_source, g_source_remove);
  if (self->catalog != NULL)
    g_signal_handlers_disconnect_by_func (self->catalog, queue_rebuild, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), GP_TYPE_COMPARE_PAGE);
  g_clear_object (&self->catalog);
  g_clear_object (&self->summaries);

  G_OBJECT_CLASS (gp_compare_page_parent_class)->dispose (object);
}

static void
gp_compare_page_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  GpComparePage *self = GP_COMPARE_PAGE (object);

  switch (prop_id)
    {
    case PROP_CATALOG:
      g_value_set_object (value, gp_compare_page_get_catalog (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_compare_page_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  GpComparePage *self = GP_COMPARE_PAGE (object);

  switch (prop_id)
    {
    case PROP_CATALOG:
      gp_compare_page_set_catalog (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_compare_page_class_init (GpComparePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = gp_compare_page_dispose;
  object_class->get_property = gp_compare_page_get_property;
  object_class->set_property = gp_compare_page_set_property;

  widget_class->map = gp_compare_page_map;

  properties[PROP_CATALOG] =
    g_param_spec_object ("catalog", NULL, NULL, GP_TYPE_CATALOG,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE_PATH "/gp-compare-page.ui");
  gtk_widget_class_bind_template_child (widget_class, GpComparePage, flow_box);
}

static void
gp_compare_page_init (GpComparePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->summaries = g_list_store_new (GP_TYPE_PROVIDER_SUMMARY);
  gtk_flow_box_bind_model (self->flow_box, G_LIST_MODEL (self->summaries), create_card, self,
                           NULL);
}

/**
 * gp_compare_page_get_catalog:
 * @self: a #GpComparePage
 *
 * Returns: (transfer none) (nullable): the catalog shown
 */
GpCatalog *
gp_compare_page_get_catalog (GpComparePage *self)
{
  g_return_val_if_fail (GP_IS_COMPARE_PAGE (self), NULL);
  return self->catalog;
}

void
gp_compare_page_set_catalog (GpComparePage *self,
                             GpCatalog     *catalog)
{
  g_return_if_fail (GP_IS_COMPARE_PAGE (self));
  g_return_if_fail (catalog == NULL || GP_IS_CATALOG (catalog));

  if (self->catalog == catalog)
    return;

  if (self->catalog != NULL)
    g_signal_handlers_disconnect_by_func (self->catalog, queue_rebuild, self);
  g_set_object (&self->catalog, catalog);
  if (catalog != NULL)
    g_signal_connect_object (catalog, "changed", G_CALLBACK (queue_rebuild), self,
                             G_CONNECT_SWAPPED);

  queue_rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CATALOG]);
}

/**
 * gp_compare_page_get_summaries:
 * @self: a #GpComparePage
 *
 * Returns: (transfer none): the #GpProviderSummary of each column shown; empty until the page
 *   has been on screen
 */
GListModel *
gp_compare_page_get_summaries (GpComparePage *self)
{
  g_return_val_if_fail (GP_IS_COMPARE_PAGE (self), NULL);
  return G_LIST_MODEL (self->summaries);
}
