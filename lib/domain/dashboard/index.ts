export { getDashboardFigures, type DashboardFigures } from './get-dashboard-figures';
