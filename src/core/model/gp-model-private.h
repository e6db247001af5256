/* gp-model-private.h — the model's structs, shared by the classes and the catalog loader
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "gp-gpu.h"
#include "gp-instance.h"
#include "gp-lab-cost.h"
#include "gp-offer.h"
#include "gp-plan.h"
#include "gp-provider.h"
#include "gp-region.h"
#include "gp-source.h"

G_BEGIN_DECLS

/* Unknown figures are NAN for doubles and 0 for counts; the getters say so. */

struct _GpSource
{
  GObject         parent_instance;
  char           *id;
  char           *title;
  char           *url;
  char           *as_of;
  char           *note;
  GpCatalogLayer  layer;
};

struct _GpRegion
{
  GObject       parent_instance;
  char         *id;
  char         *name;
  char         *location;
  char         *city;         /* in English: the app shows it translated */
  char         *country;
  char         *geography;    /* the provider's own group: "Asia Pacific", "Mainland China" */
  GStrv         tags;
  GpRegionKind  kind;
  char         *search_key;   /* casefolded id, names and places, made when first asked */
};

struct _GpGpu
{
  GObject         parent_instance;
  char           *id;
  char           *name;
  char           *vendor;
  char           *architecture;
  double          memory_gb;
  double          memory_bandwidth_gbps;
  double          fp32_tflops;
  double          tf32_tflops;
  double          fp16_tflops;
  double          bf16_tflops;
  double          fp8_tflops;
  double          tdp_w;
  guint           launch_year;
  GStrv           aliases;     /* other names sources give the model: "A100-80GB" */
  char           *notes;
  char           *source_id;
  GpSource       *source;
  GpCatalogLayer  layer;
};

struct _GpPlan
{
  GObject   parent_instance;
  char     *id;
  char     *name;
  double    monthly_fee;
  double    price;
  double    compute_units;
  double    to_catalog;   /* its provider's: prices times this are in the catalog's currency */
  char     *notes;
  char     *source_id;
  GpSource *source;
};

struct _GpProvider
{
  GObject         parent_instance;
  char           *id;
  char           *name;
  char           *short_name;
  GpProviderKind  kind;
  gboolean        featured;      /* in the comparison a new user starts with */
  char           *currency;      /* of its prices, where it differs from its file's */
  char           *file_currency; /* the currency of the file that defines it */
  double          to_catalog;    /* what one unit of its currency is in the catalog's */
  char           *website;
  GpPricingModel  pricing;
  char           *summary;

  /* Billing */
  double          billing_increment_s;
  double          billing_minimum_s;

  /* Data transfer, in the catalog's currency */
  double          egress_per_gb;
  double          egress_free_gb;
  double          ingress_per_gb;

  /* Features */
  GpFeature       features;
  char           *environment;

  /* Limits */
  double          max_session_hours;
  double          idle_timeout_minutes;
  char           *quota;

  /* How a managed platform's price relates to the raw VMs it runs on */
  char           *relative_to;
  double          markup_min_pct;
  double          markup_max_pct;
  char           *relative_note;

  /* What is known of spot where no spot prices are listed (managed spot training) */
  double          spot_savings_min_pct;
  double          spot_savings_max_pct;
  char           *spot_note;

  /* Reserved or committed-use discounts, where the source gives a percentage */
  double          reserved_1y_discount_pct;
  double          reserved_3y_discount_pct;

  /* Each group's source, as the file names it and as found; see gp_provider_groups */
  char           *group_source_ids[GP_PROVIDER_N_GROUPS];
  GpSource       *group_sources[GP_PROVIDER_N_GROUPS];

  GListStore     *regions;
  GHashTable     *regions_by_id;
  GListStore     *plans;
  char           *notes;
  char           *source_id;
  GpSource       *source;
  GpCatalogLayer  layer;
};

/* A catalog holds one per instance and region, 100,000 of them in a large one: the two 32-bit
 * fields share eight bytes, which keeps the object at 112 bytes rather than 128. */
struct _GpOffer
{
  GObject      parent_instance;
  GpInstance  *instance;       /* (unowned): the instance owns its offers */
  char        *region_id;      /* a GRefString, interned */
  GpRegion    *region;
  double       on_demand;
  double       spot_min;
  double       spot_max;
  double       reserved_1y;
  double       reserved_3y;
  char        *source_id;
  GpSource    *source;
  GpAnomaly    anomalies;
  guint        index;          /* its place in the file's prices array, for messages */
};

/* How a derived instance's prices follow from a quoted one's. */
typedef struct
{
  char     *from;     /* the id of the instance whose prices it takes */
  double    factor;   /* its prices times this */
  char     *rule;     /* the rule and its inputs, in words */
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
  char           *host_required; /* for GPU-only prices, the machine they need attached */
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
};

GpSource   *gp_source_new_empty   (void);
GpRegion   *gp_region_new_empty   (void);
GpGpu      *gp_gpu_new_empty      (void);
GpPlan     *gp_plan_new_empty     (void);
GpProvider *gp_provider_new_empty (void);
GpInstance *gp_instance_new_empty (void);
GpOffer    *gp_offer_new_empty    (void);
void        gp_derivation_free    (GpDerivation *derivation);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpDerivation, gp_derivation_free)


GPtrArray  *gp_catalog_get_offer_array (GpCatalog *self);

gboolean    gp_offer_column_is_text    (GpOfferColumn  column);
const char *gp_offer_get_column_text   (GpOffer       *self,
                                        GpOfferColumn  column);

const char *gp_instance_get_search_key (GpInstance *self);
void        gp_instance_forget_search_key (GpInstance *self);
const char *gp_region_get_search_key   (GpRegion   *self);

/* The provider's groups, described once: the loader, the writer, the catalog's source check,
 * dispose and finalize all read this table. */
typedef enum
{
  GP_GROUP_FIELD_NUMBER,
  GP_GROUP_FIELD_POSITIVE,    /* a number above 0 */
  GP_GROUP_FIELD_PERCENTAGE,  /* a number from 0 to 100 */
  GP_GROUP_FIELD_STRING,
  GP_GROUP_FIELD_FEATURES,    /* GpFeature nicks */
} GpGroupFieldKind;

typedef struct
{
  const char       *key;       /* the member in the group's JSON object */
  GpGroupFieldKind  kind;
  gsize             offset;    /* in GpProvider: a double, a char * or a GpFeature */
  gboolean          required;
} GpGroupField;

#define GP_GROUP_MAX_FIELDS 4

typedef struct
{
  const char   *key;             /* the group's member in the provider's JSON object */
  gboolean      source_required; /* figures need a source; a description may go without */
  GpGroupField  fields[GP_GROUP_MAX_FIELDS + 1];  /* up to a field with no key */
} GpProviderGroupInfo;

extern const GpProviderGroupInfo gp_provider_groups[GP_PROVIDER_N_GROUPS];

gboolean gp_provider_group_is_set (GpProvider      *provider,
                                   GpProviderGroup  group);

G_END_DECLS
