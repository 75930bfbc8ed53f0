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
