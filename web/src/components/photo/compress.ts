// The browser's half of spec §5's image upload: a picked picture is drawn on a canvas at the
// size core's plan gives (longest side 1920) and encoded as JPEG at the plan's quality (0.5, or
// 0.75 for files under 300 KB). Which files are taken, and every message, are core's.
import { compressionPlan, photoSourceProblem } from '@core/wasm';
import { LIMITS, TEXT } from '../../config/coreData';

/** A picked file the rules refuse, with the message to show. */
export class PhotoRefused extends Error {}

/** `file` compressed by core's plan, as base64 JPEG (without the `data:` prefix). */
export async function compressPhoto(file: File): Promise<string> {
  const problem = photoSourceProblem(file.type, file.size);
  if (problem) throw new PhotoRefused(problem);
  const bitmap = await createImageBitmap(file).catch(() => {
    throw new PhotoRefused(TEXT.photoUnreadable);
  });
  const plan = compressionPlan(bitmap.width, bitmap.height, file.size);
  const canvas = document.createElement('canvas');
  canvas.width = plan.width;
  canvas.height = plan.height;
  const context = canvas.getContext('2d');
  if (!context) throw new PhotoRefused(TEXT.photoUnreadable);
  // A transparent PNG becomes JPEG on white, not black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, plan.width, plan.height);
  context.drawImage(bitmap, 0, 0, plan.width, plan.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', plan.quality));
  if (!blob) throw new PhotoRefused(TEXT.photoUnreadable);
  return base64Of(blob);
}

/** How many more photos a listing holding `count` takes (core's per-listing cap). */
export function photosLeft(count: number): number {
  return Math.max(0, LIMITS.photosPerListing - count);
}

async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}
