/* data/launch/launch-strings.h — made by build-aux/extract-launch-strings: what each
 * value of the launch code the user fills in is, and the images each platform ships, in
 * the user's language. Not compiled: xgettext reads it (po/POTFILES.in). */

C_("launch", "PyTorch 2.11 on Ubuntu 24.04 with NVIDIA driver 595.91.07 and the NVIDIA Container Toolkit (AWS Deep Learning AMI, August 2026)");
C_("launch", "PyTorch 2.11 with CUDA 12.8, TensorFlow 2.20 and JAX 0.7.2 on Ubuntu 22.04 with Python 3.13 (Colab GPU runtime, August 2026)");
C_("launch", "PyTorch 2.9 training containers with Python 3.12 and CUDA 13.0 (AWS Deep Learning Containers, April 2026)");
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
