/* gp-instances-row.c — a row of the Instances table, its cells drawn by the row
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A cell widget in each column of each row made a filter's or a sort's frame a few hundred
 * widgets, transforms and clips to lay out and draw: a row draws its own cells, each at the
 * place of its column's title, and tells the accessibility bus its cells once.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "gp-instances-page-private.h"
#include "gp-instances-row.h"

#define ICON_SIZE 16

struct _GpInstancesRow
{
  GtkWidget parent_instance;

  GpInstancesPage *page; /* not held: the page holds the list that holds the row */
  GpOffer *offer;
  char *texts[N_COLUMNS];
  guint8 styles[N_COLUMNS];
  PangoLayout *layouts[N_COLUMNS]; /* made when first drawn, set again when a text changes */
  gboolean anomalies;
};

G_DEFINE_FINAL_TYPE (GpInstancesRow, gp_instances_row, GTK_TYPE_WIDGET)

static void
forget_layouts (GpInstancesRow *self)
{
  for (guint i = 0; i < N_COLUMNS; i++)
    g_clear_object (&self->layouts[i]);
}

static void
gp_instances_row_finalize (GObject *object)
{
  GpInstancesRow *self = GP_INSTANCES_ROW (object);

  forget_layouts (self);
  for (guint i = 0; i < N_COLUMNS; i++)
    g_free (self->texts[i]);
  g_clear_object (&self->offer);

  G_OBJECT_CLASS (gp_instances_row_parent_class)->finalize (object);
}

/* A cell's text as it is drawn: figures in tabular digits, an estimated price in italics. */
static PangoLayout *
ensure_layout (GpInstancesRow *self,
               guint           column)
{
  const ColumnDef *def = &gp_instances_column_defs[column];
  PangoAttrList *attributes;

  if (self->layouts[column] != NULL)
    return self->layouts[column];

  self->layouts[column] = gtk_widget_create_pango_layout (GTK_WIDGET (self), self->texts[column]);
  /* Instance names differ at their ends ("Standard_NC24ads_A100_v4"): cut in the middle. */
  pango_layout_set_ellipsize (self->layouts[column], def->column == GP_OFFER_COLUMN_INSTANCE
                                                         ? PANGO_ELLIPSIZE_MIDDLE
                                                         : PANGO_ELLIPSIZE_END);
  pango_layout_set_alignment (self->layouts[column],
                              def->numeric ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT);
  attributes = pango_attr_list_new ();
  if (def->numeric)
    pango_attr_list_insert (attributes, pango_attr_font_features_new ("tnum=1"));
  if (self->styles[column] & CELL_STYLE_ESTIMATE)
    pango_attr_list_insert (attributes, pango_attr_style_new (PANGO_STYLE_ITALIC));
  pango_layout_set_attributes (self->layouts[column], attributes);
  pango_attr_list_unref (attributes);
  return self->layouts[column];
}

/* The theme's colours a row's text is drawn in. */
typedef struct
{
  GdkRGBA text;
  GdkRGBA warning;
} Palette;

static void
read_palette (GpInstancesRow *self,
              Palette        *palette)
{
  GtkStyleContext *context = gtk_widget_get_style_context (GTK_WIDGET (self));

  gtk_style_context_get_color (context, &palette->text);
  if (!gtk_style_context_lookup_color (context, "warning_color", &palette->warning))
    palette->warning = palette->text;
}

/* The colour of a cell's text for its style. */
static GdkRGBA
cell_color (const Palette *palette,
            guint8         style)
{
  GdkRGBA color = palette->text;

  if (style & (CELL_STYLE_DOUBTFUL | CELL_STYLE_WARNING))
    return palette->warning;
  if (style & CELL_STYLE_DIM)
    color.alpha *= 0.55f;
  else if (style & CELL_STYLE_ESTIMATE)
    color.alpha *= 0.8f;
  return color;
}

static void
draw_warning_icon (GpInstancesRow *self,
                   GtkSnapshot    *snapshot,
                   const Palette  *palette,
                   double          x,
                   double          height)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gtk_widget_get_display (widget));
  g_autoptr(GtkIconPaintable) icon = gtk_icon_theme_lookup_icon (
      theme, "dialog-warning-symbolic", NULL, ICON_SIZE, gtk_widget_get_scale_factor (widget),
      gtk_widget_get_direction (widget), 0);
  GdkRGBA colors[4] = { palette->warning, palette->warning, palette->warning, palette->warning };

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x, (height - ICON_SIZE) / 2));
  gtk_symbolic_paintable_snapshot_symbolic (GTK_SYMBOLIC_PAINTABLE (icon), snapshot, ICON_SIZE,
                                            ICON_SIZE, colors, G_N_ELEMENTS (colors));
  gtk_snapshot_restore (snapshot);
}

static void
draw_cell (GpInstancesRow *self,
           GtkSnapshot    *snapshot,
           const Palette  *palette,
           guint           column,
           double          x,
           double          width)
{
  gboolean marked =
      self->anomalies && gp_instances_column_defs[column].column == GP_OFFER_COLUMN_INSTANCE;
  double room = width - 2 * CELL_PADDING - (marked ? ICON_SIZE + CELL_PADDING : 0);
  PangoLayout *layout;
  PangoRectangle logical;
  GdkRGBA color = cell_color (palette, self->styles[column]);
  int height = gtk_widget_get_height (GTK_WIDGET (self));

  if (self->texts[column] == NULL || room <= 0)
    return;
  layout = ensure_layout (self, column);
  pango_layout_set_width (layout, (int) (room * PANGO_SCALE));
  pango_layout_get_pixel_extents (layout, NULL, &logical);

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot,
                          &GRAPHENE_POINT_INIT (x + CELL_PADDING, (height - logical.height) / 2));
  gtk_snapshot_append_layout (snapshot, layout, &color);
  gtk_snapshot_restore (snapshot);

  if (marked)
    draw_warning_icon (self, snapshot, palette, x + width - CELL_PADDING - ICON_SIZE, height);
}

static void
gp_instances_row_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  GpInstancesRow *self = GP_INSTANCES_ROW (widget);
  ColumnSpan spans[N_COLUMNS];
  Palette palette;
  GdkRGBA line;

  if (self->page == NULL || !_gp_instances_page_column_spans (self->page, widget, spans))
    return;
  read_palette (self, &palette);
  for (guint i = 0; i < N_COLUMNS; i++)
    if (spans[i].width > 0)
      draw_cell (self, snapshot, &palette, i, spans[i].x, spans[i].width);

  /* The line under the row, in the text's colour, faint but for high contrast. */
  line = palette.text;
  line.alpha *=
      adw_style_manager_get_high_contrast (adw_style_manager_get_default ()) ? 0.5f : 0.15f;
  gtk_snapshot_append_color (snapshot, &line,
                             &GRAPHENE_RECT_INIT (0, gtk_widget_get_height (widget) - 1,
                                                  gtk_widget_get_width (widget), 1));
}

static void
gp_instances_row_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  GpInstancesRow *self = GP_INSTANCES_ROW (widget);
  PangoContext *context;
  PangoFontMetrics *metrics;

  /* As wide as the columns' titles together; as tall as a line of the font, which Chinese
   * falls back to a taller font for: the style sheet gives the room. */
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      if (self->page != NULL)
        _gp_instances_page_measure_columns (self->page, minimum, natural);
      return;
    }
  context = gtk_widget_get_pango_context (widget);
  metrics = pango_context_get_metrics (context, NULL, NULL);
  *minimum = *natural = PANGO_PIXELS_CEIL (pango_font_metrics_get_height (metrics));
  pango_font_metrics_unref (metrics);
}

static void
gp_instances_row_css_changed (GtkWidget         *widget,
                              GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (gp_instances_row_parent_class)->css_changed (widget, change);
  forget_layouts (GP_INSTANCES_ROW (widget));
  gtk_widget_queue_draw (widget);
}

/* What the pointer over a cell tells beyond its text. */
static gboolean
gp_instances_row_query_tooltip (GtkWidget  *widget,
                                int         x,
                                int         y,
                                gboolean    keyboard,
                                GtkTooltip *tooltip)
{
  GpInstancesRow *self = GP_INSTANCES_ROW (widget);
  ColumnSpan spans[N_COLUMNS];
  g_autofree char *text = NULL;

  if (self->offer == NULL || !_gp_instances_page_column_spans (self->page, widget, spans))
    return FALSE;
  for (guint i = 0; i < N_COLUMNS && text == NULL; i++)
    if (spans[i].width > 0 && x >= spans[i].x && x < spans[i].x + spans[i].width)
      text = _gp_instances_page_dup_cell_tooltip (self->page, self->offer, i,
                                                  !(self->styles[i] & CELL_STYLE_DIM));
  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
gp_instances_row_class_init (GpInstancesRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = gp_instances_row_finalize;
  widget_class->snapshot = gp_instances_row_snapshot;
  widget_class->measure = gp_instances_row_measure;
  widget_class->css_changed = gp_instances_row_css_changed;
  widget_class->query_tooltip = gp_instances_row_query_tooltip;

  gtk_widget_class_set_css_name (widget_class, "instancesrow");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
gp_instances_row_init (GpInstancesRow *self)
{
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
}

GtkWidget *
_gp_instances_row_new (GpInstancesPage *page)
{
  GpInstancesRow *self = g_object_new (GP_TYPE_INSTANCES_ROW, NULL);

  self->page = page;
  return GTK_WIDGET (self);
}

/* What a screen reader says of the row: each cell shown, with its column's title. */
static void
update_label (GpInstancesRow *self)
{
  g_autoptr(GString) label = g_string_new (NULL);

  for (guint i = 0; i < N_COLUMNS; i++)
    {
      g_autofree char *title = NULL;

      if (self->texts[i] == NULL)
        continue;
      title = _gp_instances_page_column_title (self->page, &gp_instances_column_defs[i]);
      if (label->len > 0)
        /* Translators: between two cells of a row, as a screen reader reads the row */
        g_string_append (label, C_("row read aloud", ", "));
      /* Translators: a cell as a screen reader reads it: its column's title, its text */
      g_string_append_printf (label, C_("row read aloud", "%s: %s"), title, self->texts[i]);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label->str,
                                  -1);
}

/* The row says @offer: each shown column's text and style. A cell whose text and style are as
 * they were is not laid out again, and a row whose cells are all as they were is not drawn or
 * read out again. */
void
_gp_instances_row_fill (GpInstancesRow *self,
                        GpOffer        *offer)
{
  gboolean changed = FALSE;

  g_set_object (&self->offer, offer);
  self->anomalies = offer != NULL && gp_offer_get_anomalies (offer) != GP_ANOMALY_NONE;
  for (guint i = 0; i < N_COLUMNS; i++)
    {
      g_autofree char *text = NULL;
      guint style = 0;

      if (offer != NULL && _gp_instances_page_column_shown (self->page, i))
        text = _gp_instances_page_dup_cell (self->page, offer, i, &style);
      if (g_strcmp0 (text, self->texts[i]) == 0 && style == self->styles[i])
        continue;
      if (style != self->styles[i] || text == NULL)
        g_clear_object (&self->layouts[i]);
      else if (self->layouts[i] != NULL)
        pango_layout_set_text (self->layouts[i], text, -1);
      g_free (self->texts[i]);
      self->texts[i] = g_steal_pointer (&text);
      self->styles[i] = style;
      changed = TRUE;
    }
  if (!changed)
    return;
  update_label (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

GpOffer *
gp_instances_row_get_offer (GpInstancesRow *self)
{
  g_return_val_if_fail (GP_IS_INSTANCES_ROW (self), NULL);
  return self->offer;
}

static int
column_of (const char *column_id)
{
  for (guint i = 0; i < N_COLUMNS; i++)
    if (g_strcmp0 (gp_instances_column_defs[i].id, column_id) == 0)
      return (int) i;
  return -1;
}

/* The text the row shows in the column named @column_id, NULL when hidden. */
const char *
gp_instances_row_get_text (GpInstancesRow *self,
                           const char     *column_id)
{
  int column = column_of (column_id);

  g_return_val_if_fail (GP_IS_INSTANCES_ROW (self), NULL);
  return column >= 0 ? self->texts[column] : NULL;
}

/* The texts of the cells shown, a line each, in the columns' first order. */
char *
gp_instances_row_dup_text (GpInstancesRow *self)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (GP_IS_INSTANCES_ROW (self), NULL);
  for (guint i = 0; i < N_COLUMNS; i++)
    if (self->texts[i] != NULL)
      g_string_append_printf (text, "%s\n", self->texts[i]);
  return g_string_free (text, FALSE);
}

/* What the pointer over the cell of @column_id tells, or NULL. */
char *
gp_instances_row_dup_tooltip (GpInstancesRow *self,
                              const char     *column_id)
{
  int column = column_of (column_id);

  g_return_val_if_fail (GP_IS_INSTANCES_ROW (self), NULL);
  if (column < 0 || self->offer == NULL)
    return NULL;
  return _gp_instances_page_dup_cell_tooltip (self->page, self->offer, (guint) column,
                                              !(self->styles[column] & CELL_STYLE_DIM));
}

/* Whether the cell of @column_id is drawn in @style: "unknown" (a figure not in the catalog),
 * "estimate", "doubtful" or "warning" (a date past the staleness limit). */
gboolean
gp_instances_row_cell_has_style (GpInstancesRow *self,
                                 const char     *column_id,
                                 const char     *style)
{
  static const char *const names[] = { "unknown", "estimate", "doubtful", "warning" };
  int column = column_of (column_id);

  g_return_val_if_fail (GP_IS_INSTANCES_ROW (self), FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (column >= 0 && g_strcmp0 (names[i], style) == 0)
      return (self->styles[column] & (1u << i)) != 0;
  return FALSE;
}

/* Where the row draws the cell of @column_id, in its own coordinates. */
gboolean
gp_instances_row_get_cell_bounds (GpInstancesRow  *self,
                                  const char      *column_id,
                                  graphene_rect_t *bounds)
{
  ColumnSpan spans[N_COLUMNS];
  int column = column_of (column_id);

  g_return_val_if_fail (GP_IS_INSTANCES_ROW (self), FALSE);
  if (column < 0 || !_gp_instances_page_column_spans (self->page, GTK_WIDGET (self), spans) ||
      spans[column].width <= 0)
    return FALSE;
  graphene_rect_init (bounds, spans[column].x, 0, spans[column].width,
                      gtk_widget_get_height (GTK_WIDGET (self)));
  return TRUE;
}
