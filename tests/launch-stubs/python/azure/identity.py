# SPDX-License-Identifier: GPL-3.0-or-later
# A stand-in for Azure's credentials.


class DefaultAzureCredential:
    pass
