/**
 * Starts the download of a file behind a link (an export's signed URL, e.g. contatos.csv). The storage
 * answers it as an attachment, so following the link downloads the file and leaves the page where it is.
 */
export function downloadFrom(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  // Only honoured for same-origin links; the signed URL's own Content-Disposition names the file otherwise.
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Downloads a file made in the browser (a report's CSV): its text behind a short-lived object URL. */
export function downloadText(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  downloadFrom(url, fileName);
  // The click has started the download; the URL is let go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
