/* gp-instance-private.h — an instance's fields and how a derived one's prices follow, for the model
 * and the catalog that fills it
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "gp-instance.h"
#include "gp-text.h"
#include "gp-gpu.h"
#include "gp-lab-cost.h"
#include "gp-provider.h"
#include "gp-source.h"

G_BEGIN_DECLS

/* How a derived instance's prices follow from a quoted one's. */
typedef struct
{
  char       *from;          /* the id of the instance whose prices it takes */
  GpInstance *from_instance; /* that instance, once the catalog resolved it */
  double      factor;        /* its prices times this */
  char       *rule;          /* why that factor: its dated inputs and how far to trust it */
  char     *source_id;
  GpSource *source;
} GpDerivation;

struct _GpInstance
{
  GObject         parent_instance;
  char           *id;
  char           *name;
  char           *provider_id;
  GpProvider     *provider;
  char           *gpu_id;
  GpGpu          *gpu;
  guint           gpu_count;
  guint           vcpus;
  double          memory_gb;
  char           *interconnect;
  double          compute_units_per_hour;
  GStrv           plan_ids;
  GpAnomaly       anomalies;
  GpDerivation   *derived;     /* NULL for quoted prices */
  GpLabCost      *lab;         /* a machine the lab owns: what its price is worked out from */
  GpQuoteTerms   *quote;       /* a price the lab was quoted, as it was given */
  char           *host_required; /* for GPU-only prices, the machine they need attached */
  char           *reported_by;   /* for reported prices: who reported them, where */
  gboolean        lowest_listed; /* a reported "from" price: the lowest the page listed */
  char           *notes;
  char           *source_id;
  GpSource       *source;
  char           *file_currency; /* the currency of the file that defines it */
  double          to_catalog;  /* its prices times this are in the catalog's currency */
  GPtrArray      *offers;
  GListModel     *offers_model;
  GpCatalogLayer  layer;
  guint           index;       /* its place in the file's instances array, for messages */
  char           *file;        /* the layer's file name, for messages */
  char           *search_key;  /* casefolded names for search, made when first asked */
  GpSearchMemo    search_memo; /* which words of the last search it holds */
};

GpInstance *gp_instance_new_empty         (void);
void        gp_derivation_free            (GpDerivation *derivation);
const char *gp_instance_get_search_key    (GpInstance   *self);
void        gp_instance_forget_search_key (GpInstance   *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpDerivation, gp_derivation_free)

G_END_DECLS
