export { default } from '../Placeholder';
