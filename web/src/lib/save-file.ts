/** Saving a file from the page without leaving it: a url of this site (or a signed one) or a blob made in the browser. */

/** Saves `url` as `name` through a link's download attribute (a signed url of this site names the download itself too). */
export function saveUrl(url: string, name: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** Saves a blob made in the browser as `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  saveUrl(url, name);
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
