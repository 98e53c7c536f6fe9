import { policyPage } from '@/app/_lib/policy-page';

const page = policyPage('privacy', '/privacy');
export const generateMetadata = page.generateMetadata;
export default page.Page;
