/* gp-row-filler.c — a list's bound rows, filled in at once in sight and after the frame out of it
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GTK 4.8 keeps some hundred and fifty rows of a list bound for the thirty or forty a window
 * shows. When the items they show change (a filter or a sort of the Instances table), filling
 * every cell in again (its text, its accessible name, its style, worked out again in the
 * frame's layout) was half the work before the frame that shows the change. The filler keeps
 * the bound cells; a refill fills those in sight at once and the others after that frame has
 * been painted, when the owner is idle.
 */

#include "config.h"

#include <math.h>

#include "gp-row-filler.h"

struct _GpRowFiller
{
  GObject parent_instance;

  GtkWidget *owner; /* (unowned): whose frames the rows out of sight wait for */
  GpRowFillerFunc fill;
  gpointer user_data;

  GHashTable *bound;       /* GtkListItem → its cell */
  GHashTable *unfilled;    /* the same, bound out of sight, to fill in after the frame */
  GdkFrameClock *painting; /* the clock of the frame the unfilled rows wait for */
  gulong painted_id;
  guint fill_in_id;
  guint rows_in_sight; /* the rows the list has room for */
};

G_DEFINE_FINAL_TYPE (GpRowFiller, gp_row_filler, G_TYPE_OBJECT)

/* Nothing waits any longer to fill in the rows out of sight. */
static void
stop_waiting (GpRowFiller *self)
{
  if (self->painting != NULL)
    g_clear_signal_handler (&self->painted_id, self->painting);
  g_clear_object (&self->painting);
  g_clear_handle_id (&self->fill_in_id, g_source_remove);
}

static void
gp_row_filler_finalize (GObject *object)
{
  GpRowFiller *self = GP_ROW_FILLER (object);

  stop_waiting (self);
  g_hash_table_unref (self->bound);
  g_hash_table_unref (self->unfilled);

  G_OBJECT_CLASS (gp_row_filler_parent_class)->finalize (object);
}

static void
gp_row_filler_class_init (GpRowFillerClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = gp_row_filler_finalize;
}

static void
gp_row_filler_init (GpRowFiller *self)
{
  self->bound = g_hash_table_new (NULL, NULL);
  self->unfilled = g_hash_table_new (NULL, NULL);
}

GpRowFiller *
gp_row_filler_new (GtkWidget       *owner,
                   GpRowFillerFunc  fill,
                   gpointer         user_data)
{
  GpRowFiller *self;

  g_return_val_if_fail (GTK_IS_WIDGET (owner), NULL);
  g_return_val_if_fail (fill != NULL, NULL);

  self = g_object_new (GP_TYPE_ROW_FILLER, NULL);
  self->owner = owner;
  self->fill = fill;
  self->user_data = user_data;
  return self;
}

/* Keeps @item among the bound rows and fills it in now. */
void
gp_row_filler_bind (GpRowFiller *self,
                    GtkListItem *item,
                    gpointer     cell)
{
  g_return_if_fail (GP_IS_ROW_FILLER (self));

  g_hash_table_insert (self->bound, item, cell);
  g_hash_table_remove (self->unfilled, item);
  self->fill (item, cell, self->user_data);
}

void
gp_row_filler_unbind (GpRowFiller *self,
                      GtkListItem *item)
{
  g_return_if_fail (GP_IS_ROW_FILLER (self));

  g_hash_table_remove (self->bound, item);
  g_hash_table_remove (self->unfilled, item);
}

/* What a refill learns of the rows in sight. */
typedef struct
{
  GtkWidget *list;
  GHashTable *seen; /* position + 1 → 1 out of sight, 2 in sight */
  guint n_in_sight;
  guint first, last; /* the positions of the rows in sight at the top and bottom */
  double first_y, last_y;
} Sight;

/* Whether @item's row is in sight of the list as it was laid out last: rows keep their places
 * (the items change what they show), and GTK lays out and maps only the rows in sight. Answers
 * are kept by position, for the row's other cells. */
static gboolean
row_in_sight (Sight       *sight,
              GtkListItem *item)
{
  guint position = gtk_list_item_get_position (item);
  gpointer known = g_hash_table_lookup (sight->seen, GUINT_TO_POINTER (position + 1));
  GtkWidget *child = gtk_list_item_get_child (item);
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, 0, 0);
  gboolean in_sight;

  if (known != NULL)
    return known == GINT_TO_POINTER (2);
  if (sight->list == NULL || child == NULL)
    in_sight = TRUE;
  else
    in_sight = gtk_widget_get_mapped (child) &&
               gtk_widget_compute_bounds (child, sight->list, &bounds) && bounds.size.height > 0 &&
               bounds.origin.y + bounds.size.height >= 0 &&
               bounds.origin.y <= gtk_widget_get_height (sight->list);
  g_hash_table_insert (sight->seen, GUINT_TO_POINTER (position + 1),
                       GINT_TO_POINTER (in_sight ? 2 : 1));
  if (in_sight && sight->list != NULL && child != NULL)
    {
      if (sight->n_in_sight == 0 || position < sight->first)
        {
          sight->first = position;
          sight->first_y = bounds.origin.y;
        }
      if (sight->n_in_sight == 0 || position > sight->last)
        {
          sight->last = position;
          sight->last_y = bounds.origin.y;
        }
      sight->n_in_sight++;
    }
  return in_sight;
}

/* The rows out of sight not filled in yet are, now. */
void
gp_row_filler_fill_now (GpRowFiller *self)
{
  GHashTableIter iter;
  gpointer item, cell;

  g_return_if_fail (GP_IS_ROW_FILLER (self));

  stop_waiting (self);
  g_hash_table_iter_init (&iter, self->unfilled);
  while (g_hash_table_iter_next (&iter, &item, &cell))
    {
      self->fill (item, cell, self->user_data);
      g_hash_table_iter_remove (&iter);
    }
}

static gboolean
fill_in_cb (gpointer data)
{
  GpRowFiller *self = data;

  self->fill_in_id = 0;
  gp_row_filler_fill_now (self);
  return G_SOURCE_REMOVE;
}

/* The frame that shows the change is painted: the rows out of sight are filled in when the
 * owner is idle, after the events that came meanwhile. */
static void
painted_cb (GpRowFiller   *self,
            GdkFrameClock *clock)
{
  g_clear_signal_handler (&self->painted_id, clock);
  g_clear_object (&self->painting);
  if (self->fill_in_id == 0)
    self->fill_in_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, fill_in_cb, self, NULL);
}

/* The rows out of sight wait for the next frame, unless none is coming: an owner not on screen
 * has them filled in at once. */
static void
fill_in_after_frame (GpRowFiller *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (self->owner);

  if (clock == NULL || !gtk_widget_get_mapped (self->owner))
    {
      gp_row_filler_fill_now (self);
      return;
    }
  /* Filled in after an earlier frame, they would be before this change's. */
  g_clear_handle_id (&self->fill_in_id, g_source_remove);
  if (self->painting == clock)
    return;
  if (self->painting != NULL)
    g_clear_signal_handler (&self->painted_id, self->painting);
  g_set_object (&self->painting, clock);
  self->painted_id = g_signal_connect_swapped (clock, "after-paint", G_CALLBACK (painted_cb), self);
  gdk_frame_clock_request_phase (clock, GDK_FRAME_CLOCK_PHASE_AFTER_PAINT);
}

/* The items changed what they show: the rows in sight are filled in at once, the others after
 * the next frame. When rows that were in sight are gone (the list got shorter under them), GTK
 * shows others, from out of sight, in the next frame: every row is filled in at once. */
void
gp_row_filler_refill (GpRowFiller *self,
                      GtkWidget   *list,
                      guint        n_items)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  Sight sight = { list, seen };
  GHashTableIter iter;
  gpointer item, cell;

  g_return_if_fail (GP_IS_ROW_FILLER (self));

  g_hash_table_iter_init (&iter, self->bound);
  while (g_hash_table_iter_next (&iter, &item, &cell))
    if (row_in_sight (&sight, item))
      {
        g_hash_table_remove (self->unfilled, item);
        self->fill (item, cell, self->user_data);
      }
    else
      g_hash_table_insert (self->unfilled, item, cell);

  /* How many rows the list has room for, from the distance between rows. */
  if (sight.n_in_sight >= 2 && sight.last_y > sight.first_y)
    self->rows_in_sight = floor (gtk_widget_get_height (list) /
                                 ((sight.last_y - sight.first_y) / (sight.last - sight.first)));

  if (sight.n_in_sight < MIN (self->rows_in_sight, n_items))
    gp_row_filler_fill_now (self);
  else if (g_hash_table_size (self->unfilled) > 0)
    fill_in_after_frame (self);
}

/* The list will show its first rows (a new order shown from its beginning): those not filled
 * in yet are, before the frame (a row more for one cut at the bottom). */
void
gp_row_filler_fill_first_rows (GpRowFiller *self)
{
  GHashTableIter iter;
  gpointer item, cell;

  g_return_if_fail (GP_IS_ROW_FILLER (self));

  g_hash_table_iter_init (&iter, self->unfilled);
  while (g_hash_table_iter_next (&iter, &item, &cell))
    if (gtk_list_item_get_position (item) <= self->rows_in_sight)
      {
        self->fill (item, cell, self->user_data);
        g_hash_table_iter_remove (&iter);
      }
}

/* The owner's widgets go: nothing is filled in any more, and nothing waits for a frame. */
void
gp_row_filler_forget (GpRowFiller *self)
{
  g_return_if_fail (GP_IS_ROW_FILLER (self));

  stop_waiting (self);
  g_hash_table_remove_all (self->unfilled);
  g_hash_table_remove_all (self->bound);
}
