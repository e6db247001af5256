/* data/launch/launch-strings.h — made by build-aux/extract-launch-strings: what each
 * value of the launch code the user fills in is, the images each platform ships and the
 * documentation each template follows, in the user's language. Not compiled: xgettext
 * reads it (po/POTFILES.in). */

C_("launch", "AWS CLI: aws ec2 run-instances, --instance-market-options for Spot");
C_("launch", "AWS CLI: aws s3 sync");
C_("launch", "AWS Deep Learning AMI release notes: Deep Learning OSS Nvidia Driver AMI GPU PyTorch 2.11 (Ubuntu 24.04) 20260815: framework 2.11, NVIDIA driver 595.91.07, NVIDIA Container Toolkit 1.20.0, for G4dn, G5, G6, G6e, P4, P5 and P6-B200");
C_("launch", "AWS Deep Learning Containers release v1.0-hf-5.3.0-pt-2.9.0-tr-gpu-py312: PyTorch 2.9 training images for SageMaker, Python 3.12, CUDA 13.0");
C_("launch", "Alibaba Cloud CLI reference for ECS: aliyun ecs RunInstances with the region, instance type, image, security group and vSwitch");
C_("launch", "Azure CLI: az vm create, --priority Spot and --eviction-policy");
C_("launch", "Azure Machine Learning SDK v2: command jobs on an AmlCompute cluster, tier dedicated or low_priority");
C_("launch", "Endpoints and ARNs for Amazon Web Services in China: the SDKs and the CLI use each Region's default endpoint (amazonaws.com.cn)");
C_("launch", "General information about Amazon Web Services China: accounts and credentials specific to the China (Beijing) and China (Ningxia) Regions");
C_("launch", "Google Colab backend-info: pip-freeze.gpu.txt and os-info-gpu.txt of the GPU runtime (torch 2.11.0+cu128, tensorflow 2.20.0, jax 0.7.2; Ubuntu 22.04.5, Python 3.13), commit a724079");
C_("launch", "Google Colab: Runtime › Change runtime type, and usage limits");
C_("launch", "Google Colab: mounting Google Drive (drive.mount)");
C_("launch", "Lambda Cloud API: launch instances (POST /api/v1/instance-operations/launch) and SSH");
C_("launch", "PyTorch 2.11 on Ubuntu 24.04 with NVIDIA driver 595.91.07 and the NVIDIA Container Toolkit (AWS Deep Learning AMI, August 2026)");
C_("launch", "PyTorch 2.11 with CUDA 12.8, TensorFlow 2.20 and JAX 0.7.2 on Ubuntu 22.04 with Python 3.13 (Colab GPU runtime, August 2026)");
C_("launch", "PyTorch 2.9 training containers with Python 3.12 and CUDA 13.0 (AWS Deep Learning Containers, April 2026)");
C_("launch", "SageMaker Python SDK: PyTorch estimator and managed spot training (use_spot_instances, max_wait, checkpoint_s3_uri)");
C_("launch", "SkyPilot catalog: accelerator names (accelerators.csv, via anycloud-sh/catalog)");
C_("launch", "SkyPilot task YAML: resources (cloud, region, instance_type, accelerators, use_spot)");
C_("launch", "Vertex AI API: AcceleratorType names (NVIDIA_TESLA_T4, NVIDIA_A100_80GB, NVIDIA_H100_80GB, …)");
C_("launch", "Vertex AI SDK: CustomJob.from_local_script, machine_type, accelerator_type and accelerator_count, Spot VMs for custom training");
C_("launch", "Vertex AI: schedule training jobs based on resource availability (Dynamic Workload Scheduler, scheduling strategy FLEX_START; L4, A100, H100, H200 and B200 GPUs; at most 7 days)");
C_("launch", "a Deep Learning AMI of the region (aws ec2 describe-images, or the DLAMI release notes)");
C_("launch", "a Deep Learning VM image family with your framework and CUDA (gcloud compute images list --project deeplearning-platform-release)");
C_("launch", "a GPU image for the VM, such as a Data Science VM (az vm image list --publisher microsoft-dsvm --all)");
C_("launch", "a blob container in it");
C_("launch", "a security group of the region that lets you in by SSH");
C_("launch", "a storage bucket of yours in the same region, for the data and checkpoints");
C_("launch", "a training container image: a prebuilt one for your framework or your own");
C_("launch", "a vSwitch of your VPC in a zone of the region that has these GPUs");
C_("launch", "a zone of the region that has these GPUs (gcloud compute accelerator-types list)");
C_("launch", "an Azure ML environment with your framework, a curated one or your own");
C_("launch", "an N1 machine type to attach the GPUs to, such as n1-standard-8");
C_("launch", "an image of the region with the GPU driver, such as Ubuntu with the driver installed at start (aliyun ecs DescribeImages)");
C_("launch", "azcopy copy");
C_("launch", "gcloud compute instances create: --accelerator, --provisioning-model=SPOT, Deep Learning VM images");
C_("launch", "gcloud storage cp");
C_("launch", "rsync over SSH");
C_("launch", "the ARN of an IAM role SageMaker may assume (its execution role)");
C_("launch", "the AWS CLI profile of your AWS China account (aws configure --profile NAME): credentials of other AWS Regions do not work there");
C_("launch", "the address of the machine once it runs");
C_("launch", "the name of an SSH key added to your Lambda account");
C_("launch", "the name of your EC2 key pair, for SSH");
C_("launch", "the name of your ECS key pair, for SSH");
C_("launch", "the resource group of your workspace");
C_("launch", "your Azure Machine Learning workspace");
C_("launch", "your Azure storage account");
C_("launch", "your Azure subscription id");
C_("launch", "your Google Cloud project id");
C_("launch", "your Lambda Cloud API key, as an environment variable");
