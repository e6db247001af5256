/* gp-assistant-page.h — a few questions, then where to train and why
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "gp-catalog.h"
#include "gp-settings.h"
#include "gp-recommender.h"

G_BEGIN_DECLS

#define GP_TYPE_ASSISTANT_PAGE (gp_assistant_page_get_type ())

G_DECLARE_FINAL_TYPE (GpAssistantPage, gp_assistant_page, GP, ASSISTANT_PAGE, AdwBin)

void              gp_assistant_page_set_catalog        (GpAssistantPage *self,
                                                        GpCatalog       *catalog);
void              gp_assistant_page_set_settings       (GpAssistantPage *self,
                                                        GpSettings      *settings);
const char       *gp_assistant_page_get_step           (GpAssistantPage *self);
GpRecommender    *gp_assistant_page_build_recommender  (GpAssistantPage *self);
GpRecommendation *gp_assistant_page_get_recommendation (GpAssistantPage *self);
char             *gp_assistant_page_dup_summary        (GpAssistantPage *self);
void              gp_assistant_page_take_job           (GpAssistantPage *self,
                                                        GpWorkload      *job);

G_END_DECLS
