export { GET } from '@/app/api/islem-gecmisi/user/[userId]/service/[service]/route';
