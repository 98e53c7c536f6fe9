export { listActiveAnnouncements, listAllAnnouncements } from './list-announcements';
export { createAnnouncement } from './create-announcement';
export { updateAnnouncement } from './update-announcement';
export { deleteAnnouncement } from './delete-announcement';
export { type AdminAnnouncement, type PublicAnnouncement } from './shapes';
export { announcementSchema, type AnnouncementInput } from './schemas';
