/** GET /api/api/users: §7 writes the admin user list with an /api prefix (`GET /api/users`) on the /api base. */
export { GET } from '@/app/api/users/route';
