/* gp-chart-view.c — a chart on screen: themed, hoverable, keyboard-navigable, described
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The chart is painted by gp_chart_draw() through gtk_snapshot_append_cairo(); the result is
 * kept as a render node until the data, the size or the theme changes, and the highlight of
 * the item under the pointer (or chosen with the arrow keys) is drawn on top of it.
 */

#include "config.h"

#include <math.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "gp-chart-view.h"
#include "gp-chart-export.h"
#include "gp-cost-model.h"

/* The chart is laid out in points; on screen a point is 4/3 of a pixel (96 dpi). */
#define PIXELS_PER_POINT (96.0 / 72.0)

struct _GpChartView
{
  GtkWidget      parent_instance;

  GpChartData   *data;
  GpChartKind    kind;
  int            selected;
  GpChartStyle   style;
  GskRenderNode *cache;
  GpChartLayoutCache *layouts; /* asked at every pointer motion and frame */
  int            cache_width;
  int            cache_height;
  char          *description;
  int least_for_width; /* the width least_height is for; -1 when none */
  int least_height;    /* px: every platform's bar, for a bar chart */
};

G_DEFINE_FINAL_TYPE (GpChartView, gp_chart_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_DATA,
  PROP_KIND,
  PROP_SELECTED,
  PROP_DESCRIPTION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
invalidate (GpChartView *self)
{
  g_clear_pointer (&self->cache, gsk_render_node_unref);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* New data, kind or type: the height that holds every platform's bar is asked again. */
static void
invalidate_size (GpChartView *self)
{
  self->least_for_width = -1;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

static void
update_description (GpChartView *self)
{
  g_free (self->description);
  self->description = self->data ? gp_chart_data_describe (self->data, self->kind)
                                 : g_strdup (_("No chart yet: the estimate is not ready."));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  self->description, -1);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DESCRIPTION]);
}

static void
color_from_rgba (GpChartColor  *color,
                 const GdkRGBA *rgba)
{
  *color = (GpChartColor) { rgba->red, rgba->green, rgba->blue };
}

/* Light or dark from libadwaita, text and background from the theme's named colours. */
static void
read_theme (GpChartView *self)
{
  GtkStyleContext *context = gtk_widget_get_style_context (GTK_WIDGET (self));
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  GdkRGBA rgba;

  gp_chart_style_init (&self->style, dark ? GP_CHART_STYLE_DARK : GP_CHART_STYLE_LIGHT);
  /* Read at arm's length on a monitor: a size up from a printed figure's type. */
  self->style.font_scale = 1.25;
  /* The page shows the footnote under the chart, as text to read and select. */
  self->style.footnote = FALSE;

  if (gtk_style_context_lookup_color (context, "view_bg_color", &rgba))
    color_from_rgba (&self->style.background, &rgba);
  gtk_style_context_get_color (context, &rgba);
  color_from_rgba (&self->style.foreground, &rgba);
  if (gtk_style_context_lookup_color (context, "warning_color", &rgba))
    color_from_rgba (&self->style.warning, &rgba);

  /* Secondary text: the foreground a third of the way to the background. */
  self->style.muted = (GpChartColor) {
    self->style.foreground.red * 2 / 3 + self->style.background.red / 3,
    self->style.foreground.green * 2 / 3 + self->style.background.green / 3,
    self->style.foreground.blue * 2 / 3 + self->style.background.blue / 3,
  };
}

static void
gp_chart_view_css_changed (GtkWidget         *widget,
                           GtkCssStyleChange *change)
{
  GpChartView *self = GP_CHART_VIEW (widget);

  GTK_WIDGET_CLASS (gp_chart_view_parent_class)->css_changed (widget, change);
  read_theme (self);
  invalidate (self);
  invalidate_size (self);
}

static void
canvas_size (GpChartView *self,
             double      *width,
             double      *height)
{
  *width = gtk_widget_get_width (GTK_WIDGET (self)) / PIXELS_PER_POINT;
  *height = gtk_widget_get_height (GTK_WIDGET (self)) / PIXELS_PER_POINT;
}

static GskRenderNode *
render (GpChartView *self,
        int          width,
        int          height)
{
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

  cairo_scale (cr, PIXELS_PER_POINT, PIXELS_PER_POINT);
  gp_chart_draw (cr, self->layouts, self->kind, self->data, &self->style, width / PIXELS_PER_POINT,
                 height / PIXELS_PER_POINT);
  cairo_destroy (cr);

  return gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
}

static void
gp_chart_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  GpChartView *self = GP_CHART_VIEW (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  double canvas_w, canvas_h;
  GpChartRect rect;

  if (self->data == NULL || width <= 0 || height <= 0)
    return;

  if (self->cache == NULL || self->cache_width != width || self->cache_height != height)
    {
      g_clear_pointer (&self->cache, gsk_render_node_unref);
      self->cache = render (self, width, height);
      self->cache_width = width;
      self->cache_height = height;
    }

  if (self->cache != NULL)
    gtk_snapshot_append_node (snapshot, self->cache);

  canvas_size (self, &canvas_w, &canvas_h);
  if (self->selected >= 0 &&
      gp_chart_get_item_rect (self->layouts, self->kind, self->data, &self->style, canvas_w,
                              canvas_h, (guint) self->selected, &rect))
    {
      GdkRGBA color = { self->style.foreground.red, self->style.foreground.green,
                        self->style.foreground.blue, 1 };
      GskRoundedRect outline;
      const float widths[4] = { 2, 2, 2, 2 };
      const GdkRGBA colors[4] = { color, color, color, color };

      gsk_rounded_rect_init_from_rect (&outline,
                                       &GRAPHENE_RECT_INIT (rect.x * PIXELS_PER_POINT - 3,
                                                            rect.y * PIXELS_PER_POINT - 3,
                                                            rect.width * PIXELS_PER_POINT + 6,
                                                            rect.height * PIXELS_PER_POINT + 6),
                                       3);
      gtk_snapshot_append_border (snapshot, &outline, widths, colors);
    }
}

static void
gp_chart_view_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  GpChartView *self = GP_CHART_VIEW (widget);

  if (width != self->cache_width || height != self->cache_height)
    g_clear_pointer (&self->cache, gsk_render_node_unref);
}

/* A bar chart asks for the height at which every platform that can run the job has its bar:
 * the page scrolls it rather than leave a platform out. */
static void
gp_chart_view_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  GpChartView *self = GP_CHART_VIEW (widget);
  gboolean bars = self->kind == GP_CHART_KIND_COST || self->kind == GP_CHART_KIND_BREAKDOWN;

  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 320 : 240;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 720 : 420;
  if (orientation != GTK_ORIENTATION_VERTICAL || for_size <= 0 || !bars || self->data == NULL ||
      gp_chart_data_get_n_items (self->data) == 0)
    return;
  if (self->least_for_width != for_size)
    {
      self->least_for_width = for_size;
      self->least_height = (int) ceil (gp_chart_least_height (self->kind, self->data, &self->style,
                                                              for_size / PIXELS_PER_POINT,
                                                              *minimum / PIXELS_PER_POINT) *
                                       PIXELS_PER_POINT);
    }
  *minimum = MAX (*minimum, self->least_height);
  *natural = MAX (*natural, self->least_height);
}

static GtkSizeRequestMode
gp_chart_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static int
item_at (GpChartView *self,
         double       x,
         double       y)
{
  double canvas_w, canvas_h;

  if (self->data == NULL)
    return -1;

  canvas_size (self, &canvas_w, &canvas_h);
  return gp_chart_hit_test (self->layouts, self->kind, self->data, &self->style, canvas_w, canvas_h,
                            x / PIXELS_PER_POINT, y / PIXELS_PER_POINT);
}

static void
motion_cb (GpChartView              *self,
           double                    x,
           double                    y,
           GtkEventControllerMotion *controller)
{
  int index = item_at (self, x, y);

  if (index >= 0)
    gp_chart_view_set_selected (self, index);
}

static gboolean
query_tooltip_cb (GpChartView *self,
                  int          x,
                  int          y,
                  gboolean     keyboard,
                  GtkTooltip  *tooltip)
{
  int index = keyboard ? self->selected : item_at (self, x, y);
  g_autofree char *text = gp_chart_view_dup_item_text (self, index);

  if (text == NULL)
    return FALSE;

  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/* Arrow keys walk the items in the data's order, which is the chart's cheapest-first order. */
static void
move_selection (GtkWidget  *widget,
                const char *action,
                GVariant   *parameter)
{
  GpChartView *self = GP_CHART_VIEW (widget);
  int step = g_variant_get_int32 (parameter);
  int n = self->data ? (int) gp_chart_data_get_n_items (self->data) : 0;

  if (n == 0)
    return;

  gp_chart_view_set_selected (self,
                              self->selected < 0 ? 0 : CLAMP (self->selected + step, 0, n - 1));
}

static void
gp_chart_view_dispose (GObject *object)
{
  GpChartView *self = GP_CHART_VIEW (object);

  g_clear_pointer (&self->cache, gsk_render_node_unref);
  g_clear_pointer (&self->data, gp_chart_data_unref);

  G_OBJECT_CLASS (gp_chart_view_parent_class)->dispose (object);
}

static void
gp_chart_view_finalize (GObject *object)
{
  GpChartView *self = GP_CHART_VIEW (object);

  g_free (self->description);
  g_clear_pointer (&self->layouts, gp_chart_layout_cache_free);

  G_OBJECT_CLASS (gp_chart_view_parent_class)->finalize (object);
}

static void
gp_chart_view_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  GpChartView *self = GP_CHART_VIEW (object);

  switch (prop_id)
    {
    case PROP_DATA:
      g_value_set_boxed (value, self->data);
      break;

    case PROP_KIND:
      g_value_set_int (value, self->kind);
      break;

    case PROP_SELECTED:
      g_value_set_int (value, self->selected);
      break;

    case PROP_DESCRIPTION:
      g_value_set_string (value, self->description);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_chart_view_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  GpChartView *self = GP_CHART_VIEW (object);

  switch (prop_id)
    {
    case PROP_DATA:
      gp_chart_view_set_data (self, g_value_get_boxed (value));
      break;

    case PROP_KIND:
      gp_chart_view_set_kind (self, g_value_get_int (value));
      break;

    case PROP_SELECTED:
      gp_chart_view_set_selected (self, g_value_get_int (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_chart_view_class_init (GpChartViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = gp_chart_view_dispose;
  object_class->finalize = gp_chart_view_finalize;
  object_class->get_property = gp_chart_view_get_property;
  object_class->set_property = gp_chart_view_set_property;

  widget_class->snapshot = gp_chart_view_snapshot;
  widget_class->measure = gp_chart_view_measure;
  widget_class->get_request_mode = gp_chart_view_get_request_mode;
  widget_class->size_allocate = gp_chart_view_size_allocate;
  widget_class->css_changed = gp_chart_view_css_changed;

  properties[PROP_DATA] = g_param_spec_boxed ("data", NULL, NULL, GP_TYPE_CHART_DATA, flags);
  properties[PROP_KIND] = g_param_spec_int ("kind", NULL, NULL, GP_CHART_KIND_COST,
                                            GP_CHART_KIND_CUMULATIVE, GP_CHART_KIND_COST, flags);
  properties[PROP_SELECTED] = g_param_spec_int ("selected", NULL, NULL, -1, G_MAXINT, -1, flags);
  properties[PROP_DESCRIPTION] = g_param_spec_string ("description", NULL, NULL, NULL,
                                                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "chart.move", "i", move_selection);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, 0, "chart.move", "i", 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, 0, "chart.move", "i", 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, 0, "chart.move", "i", -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, 0, "chart.move", "i", -1);

  gtk_widget_class_set_css_name (widget_class, "chartview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
gp_chart_view_init (GpChartView *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();

  self->selected = -1;
  self->least_for_width = -1;
  self->layouts = gp_chart_layout_cache_new ();
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect_swapped (motion, "motion", G_CALLBACK (motion_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (query_tooltip_cb), NULL);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (read_theme), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (invalidate), self, G_CONNECT_SWAPPED);

  read_theme (self);
  update_description (self);
}

GtkWidget *
gp_chart_view_new (void)
{
  return g_object_new (GP_TYPE_CHART_VIEW, NULL);
}

GpChartData *
gp_chart_view_get_data (GpChartView *self)
{
  g_return_val_if_fail (GP_IS_CHART_VIEW (self), NULL);
  return self->data;
}

void
gp_chart_view_set_data (GpChartView *self,
                        GpChartData *data)
{
  g_return_if_fail (GP_IS_CHART_VIEW (self));

  if (self->data == data)
    return;

  g_clear_pointer (&self->data, gp_chart_data_unref);
  self->data = data ? gp_chart_data_ref (data) : NULL;
  self->selected = -1;
  update_description (self);
  invalidate (self);
  invalidate_size (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DATA]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

GpChartKind
gp_chart_view_get_kind (GpChartView *self)
{
  g_return_val_if_fail (GP_IS_CHART_VIEW (self), GP_CHART_KIND_COST);
  return self->kind;
}

void
gp_chart_view_set_kind (GpChartView *self,
                        GpChartKind  kind)
{
  g_return_if_fail (GP_IS_CHART_VIEW (self));

  if (self->kind == kind)
    return;

  self->kind = kind;
  update_description (self);
  invalidate (self);
  invalidate_size (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KIND]);
}

int
gp_chart_view_get_selected (GpChartView *self)
{
  g_return_val_if_fail (GP_IS_CHART_VIEW (self), -1);
  return self->selected;
}

void
gp_chart_view_set_selected (GpChartView *self,
                            int          index)
{
  g_return_if_fail (GP_IS_CHART_VIEW (self));

  if (self->data == NULL || index >= (int) gp_chart_data_get_n_items (self->data))
    index = -1;
  if (self->selected == index)
    return;

  self->selected = index;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

char *
gp_chart_view_dup_item_text (GpChartView *self,
                             int          index)
{
  const GpChartItem *item;
  const char *currency;

  g_return_val_if_fail (GP_IS_CHART_VIEW (self), NULL);

  if (self->data == NULL || index < 0 || index >= (int) gp_chart_data_get_n_items (self->data))
    return NULL;

  item = gp_chart_data_get_item (self->data, (guint) index);
  currency = gp_chart_data_get_currency (self->data);
  if (gp_chart_data_get_across_unit (self->data) != NULL)
    /* Translators: "Lambda gpu_1x_a100 (us-east-1), On demand: 345.56 USD, 18.0 kgCO2e" */
    return g_strdup_printf (_("%s (%s), %s: %.2f %s, %.1f %s"), item->label,
                            item->region ? item->region : "",
                            gp_estimate_pricing_get_label (item->group), item->total, currency,
                            item->hours, gp_chart_data_get_across_unit (self->data));
  /* Translators: "Lambda gpu_1x_a100 (us-east-1), On demand: 345.56 USD, 173.6 h" */
  return g_strdup_printf (_("%s (%s), %s: %.2f %s, %.1f h"), item->label,
                          item->region ? item->region : "",
                          gp_estimate_pricing_get_label (item->group), item->total, currency,
                          item->hours);
}

const char *
gp_chart_view_get_description (GpChartView *self)
{
  g_return_val_if_fail (GP_IS_CHART_VIEW (self), NULL);
  return self->description;
}

void
gp_chart_view_get_style (GpChartView  *self,
                         GpChartStyle *style)
{
  g_return_if_fail (GP_IS_CHART_VIEW (self));
  *style = self->style;
}
