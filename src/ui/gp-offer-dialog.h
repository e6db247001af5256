/* gp-offer-dialog.h — the form of an offer of the user's own: a lab machine or a quote
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "gp-catalog.h"

G_BEGIN_DECLS

#define GP_TYPE_OFFER_DIALOG (gp_offer_dialog_get_type ())

G_DECLARE_DERIVABLE_TYPE (GpOfferDialog, gp_offer_dialog, GP, OFFER_DIALOG, AdwWindow)

/**
 * GpOfferDialogClass:
 * @describe: what the form comes to (the summary under it), or %NULL with @error naming the
 *   row that is wrong
 * @save: puts the offer in the user's layer and the catalog, giving its id and name
 * @gpus_changed: the GPU model or count changed
 *
 * The rows every offer has are the base's: its name, GPU model and count, price and currency;
 * a subclass template adds its rows with `<child type="offer">` and `<child type="price">` to
 * those groups, and groups of its own with `<child>`.
 */
struct _GpOfferDialogClass
{
  AdwWindowClass parent_class;

  char    *(*describe)     (GpOfferDialog  *self,
                            GError        **error);
  gboolean (*save)         (GpOfferDialog  *self,
                            char          **id,
                            char          **name,
                            GError        **error);
  void     (*gpus_changed) (GpOfferDialog  *self);
};

/**
 * GpOfferFormText:
 * @offer_title: the first group's title
 * @offer_description: what the offer is
 * @name_title: the name row's title
 * @gpus_subtitle: the GPU count row's subtitle
 * @price_group_title: the price group's title
 * @price_title: the price row's title
 * @price_subtitle: the price row's subtitle
 * @price_digits: the decimals the price takes
 *
 * What the shared rows say for one kind of offer, translated.
 */
typedef struct
{
  const char *offer_title;
  const char *offer_description;
  const char *name_title;
  const char *gpus_subtitle;
  const char *price_group_title;
  const char *price_title;
  const char *price_subtitle;
  guint       price_digits;
} GpOfferFormText;

void        gp_offer_dialog_set_form_text    (GpOfferDialog         *self,
                                              const GpOfferFormText *text);
void        gp_offer_dialog_start            (GpOfferDialog *self,
                                              GpCatalog     *catalog,
                                              const char    *currency,
                                              GpLabLocation  lab);
GpCatalog  *gp_offer_dialog_get_catalog      (GpOfferDialog *self);
const char *gp_offer_dialog_get_editing_id   (GpOfferDialog *self);
void        gp_offer_dialog_set_editing      (GpOfferDialog *self,
                                              const char    *id,
                                              const char    *title);
char       *gp_offer_dialog_dup_name         (GpOfferDialog *self);
void        gp_offer_dialog_set_name         (GpOfferDialog *self,
                                              const char    *name);
GpGpu      *gp_offer_dialog_get_gpu          (GpOfferDialog *self);
void        gp_offer_dialog_set_gpu          (GpOfferDialog *self,
                                              const char    *gpu_id);
guint       gp_offer_dialog_get_gpu_count    (GpOfferDialog *self);
void        gp_offer_dialog_set_gpu_count    (GpOfferDialog *self,
                                              guint          count);
double      gp_offer_dialog_get_price        (GpOfferDialog *self);
void        gp_offer_dialog_set_price        (GpOfferDialog *self,
                                              double         price);
const char *gp_offer_dialog_get_currency     (GpOfferDialog *self);
void        gp_offer_dialog_set_currency     (GpOfferDialog *self,
                                              const char    *code);
void        gp_offer_dialog_set_warning      (GpOfferDialog *self,
                                              const char    *warning);
void        gp_offer_dialog_changed          (GpOfferDialog *self);
void        gp_offer_dialog_watch            (GpOfferDialog *self,
                                              GtkWidget     *row);

G_END_DECLS
