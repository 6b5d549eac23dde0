export { default } from './Placeholder';
