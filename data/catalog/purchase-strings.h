/* data/catalog/purchase-strings.h — made by build-aux/extract-purchase-prices: the
 * purchase prices' items, shown in the user's language. Not compiled: xgettext reads it
 * (po/POTFILES.in). */

C_("purchase", "8x NVIDIA A800 AI server (popular models, channel price)");
C_("purchase", "8x NVIDIA H200 whole machine");
C_("purchase", "8x NVIDIA H800 AI server (spot price)");
C_("purchase", "GeForce RTX 4090 (launch MSRP)");
C_("purchase", "NVIDIA A100 single card");
C_("purchase", "NVIDIA A800 single card (spot market)");
C_("purchase", "NVIDIA DGX A100 (8x A100)");
C_("purchase", "NVIDIA DGX-1 with V100 (8x V100) pre-order");
C_("purchase", "NVIDIA GeForce RTX 4090 (China suggested retail price at launch)");
C_("purchase", "NVIDIA GeForce RTX 4090 D (China official price)");
