/* gp-presentation-window.h
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "gp-slide-deck.h"

G_BEGIN_DECLS

#define GP_TYPE_PRESENTATION_WINDOW (gp_presentation_window_get_type ())

G_DECLARE_FINAL_TYPE (GpPresentationWindow, gp_presentation_window, GP, PRESENTATION_WINDOW,
                      AdwWindow)

/* How long the pointer and the controls stay after the pointer last moved. */
#define GP_PRESENTATION_POINTER_TIMEOUT_MS 2000

GpPresentationWindow *gp_presentation_window_new               (GtkWindow            *parent,
                                                                GpSlideDeck          *deck);
GpSlideDeck          *gp_presentation_window_get_deck          (GpPresentationWindow *self);
guint                 gp_presentation_window_get_slide         (GpPresentationWindow *self);
void                  gp_presentation_window_set_slide         (GpPresentationWindow *self,
                                                                guint                 slide);
gboolean              gp_presentation_window_get_pointer_visible (GpPresentationWindow *self);
void                  gp_presentation_window_export            (GtkWidget            *widget,
                                                                GpSlideDeck          *deck);

G_END_DECLS
