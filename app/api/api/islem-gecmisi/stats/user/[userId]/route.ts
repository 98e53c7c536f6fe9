export { GET } from '@/app/api/islem-gecmisi/stats/user/[userId]/route';
