import { Notification, type NotificationProps } from 'react-admin';

/**
 * react-admin's notices, lifted above the Save bar a form pins to the foot of a phone's screen: at
 * 360 px "The form is not valid" sat right over Save, so staff could not save the corrected form
 * until the notice went away.
 */
export const StoreNotification = (props: NotificationProps) => <Notification {...props} sx={{ bottom: { xs: 88, sm: 24 } }} />;
