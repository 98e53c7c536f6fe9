export { getCustomerOverview, OVERVIEW_ORDERS, type CustomerOverview, type OverviewPackage } from './get-customer-overview';
