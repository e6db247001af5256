/* gp-offer-view-filter.c — the core's offer filter as a GtkFilter
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A GtkCustomFilter would do the matching, but it always says some offers may not match, so a
 * GtkFilterListModel runs it on all 100,000 offers whenever they change, even with no filter
 * set. This one says when every offer matches, and the model then passes them through
 * untouched. Whoever changes the GpOfferFilter calls gtk_filter_changed() on this one.
 */

#include "config.h"

#include "gp-offer.h"
#include "gp-offer-view-filter.h"

struct _GpOfferViewFilter
{
  GtkFilter      parent_instance;

  GpOfferFilter *filter;
};

G_DEFINE_FINAL_TYPE (GpOfferViewFilter, gp_offer_view_filter, GTK_TYPE_FILTER)

static gboolean
gp_offer_view_filter_match (GtkFilter *filter,
                            gpointer   item)
{
  return gp_offer_filter_match (GP_OFFER_VIEW_FILTER (filter)->filter, GP_OFFER (item));
}

static GtkFilterMatch
gp_offer_view_filter_get_strictness (GtkFilter *filter)
{
  GpOfferFilter *criteria = GP_OFFER_VIEW_FILTER (filter)->filter;

  if (gp_offer_filter_get_active (criteria) == 0 && gp_offer_filter_get_include_zones (criteria))
    return GTK_FILTER_MATCH_ALL;

  return GTK_FILTER_MATCH_SOME;
}

static void
gp_offer_view_filter_dispose (GObject *object)
{
  g_clear_object (&GP_OFFER_VIEW_FILTER (object)->filter);

  G_OBJECT_CLASS (gp_offer_view_filter_parent_class)->dispose (object);
}

static void
gp_offer_view_filter_class_init (GpOfferViewFilterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkFilterClass *filter_class = GTK_FILTER_CLASS (klass);

  object_class->dispose = gp_offer_view_filter_dispose;
  filter_class->match = gp_offer_view_filter_match;
  filter_class->get_strictness = gp_offer_view_filter_get_strictness;
}

static void
gp_offer_view_filter_init (GpOfferViewFilter *self)
{
}

/**
 * gp_offer_view_filter_new:
 * @filter: the criteria
 *
 * Returns: (transfer full): a GtkFilter that keeps the offers @filter matches
 */
GpOfferViewFilter *
gp_offer_view_filter_new (GpOfferFilter *filter)
{
  GpOfferViewFilter *self;

  g_return_val_if_fail (GP_IS_OFFER_FILTER (filter), NULL);

  self = g_object_new (GP_TYPE_OFFER_VIEW_FILTER, NULL);
  self->filter = g_object_ref (filter);
  return self;
}
