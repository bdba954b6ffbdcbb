/** What the service worker (public/push-sw.js) adds to the page a tapped push opens: the notification's id. */
export const OPENED_PARAM = 'notification';
/** The message it sends instead to a tab already on that page. */
export const OPENED_MESSAGE = 'notification-opened';
