"""Quality: image quality (PSNR, SSIM), the user-quality planning model."""

__all__ = []
