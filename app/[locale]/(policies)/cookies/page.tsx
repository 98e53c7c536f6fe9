import { policyPage } from '@/app/_lib/policy-page';

const page = policyPage('cookies', '/cookies');
export const generateMetadata = page.generateMetadata;
export default page.Page;
