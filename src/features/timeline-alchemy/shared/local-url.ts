/** Whether a URL points at this machine (a local stack: development defaults are allowed). */
export const isLocalUrl = (url: string) => {
  try {
    return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);
  } catch {
    return false;
  }
};
