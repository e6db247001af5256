# SPDX-License-Identifier: GPL-3.0-or-later
# A stand-in for the SageMaker SDK's PyTorch estimator: it records what it is given.
from gp_stub_log import record


class PyTorch:
    def __init__(self, *args, **kwargs):
        record("sagemaker.pytorch.PyTorch", *args, **kwargs)

    def fit(self, *args, **kwargs):
        record("PyTorch.fit", *args, **kwargs)
