/* gp-provider-private.h — a provider's fields and its groups, described once, for the model
 * and the catalog that fills it
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "gp-provider.h"
#include "gp-source.h"

G_BEGIN_DECLS

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

  /* Whether a lab in mainland China can use it, and what it needs (a Chinese entity) */
  GpReachability  reachability;
  char           *reachability_account;
  char           *reachability_note;

  /* Paying it: each fact with its own source, GP_ANSWER_NOT_FOUND where none says */
  char           *billing_currency;
  char           *billing_currency_note;
  GpAnswer        chinese_invoice;
  char           *chinese_invoice_note;
  GpAnswer        foreign_card;
  char           *foreign_card_note;
  GpAnswer        business_licence;
  char           *business_licence_note;
  GpAnswer        real_name;
  char           *real_name_note;

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

/* The provider's groups, described once: the loader, the writer, the catalog's source check,
 * dispose and finalize all read this table. */
typedef enum
{
  GP_GROUP_FIELD_NUMBER,
  GP_GROUP_FIELD_POSITIVE,    /* a number above 0 */
  GP_GROUP_FIELD_PERCENTAGE,  /* a number from 0 to 100 */
  GP_GROUP_FIELD_STRING,
  GP_GROUP_FIELD_FEATURES,    /* GpFeature nicks */
  GP_GROUP_FIELD_REACHABILITY, /* a GpReachability nick */
  GP_GROUP_FIELD_ANSWER,      /* true or false, as a GpAnswer */
} GpGroupFieldKind;

typedef struct
{
  const char       *key;       /* the member in the group's JSON object */
  GpGroupFieldKind  kind;
  gsize             offset;    /* in GpProvider: a double, a char *, a GpFeature or a GpAnswer */
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

GpProvider *gp_provider_new_empty (void);

G_END_DECLS
