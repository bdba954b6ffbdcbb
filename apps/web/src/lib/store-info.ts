/** How customers reach the store, shown on the contact page. */
export const STORE_PHONE = '+254 700 123 456';
export const STORE_EMAIL = 'care@videostore.co.ke';
export const STORE_NAME = 'Video Store Kenya';
