export { DateField, DateTimeField, TimeField } from './date-time-fields';
export { instantOfWallTime, wallTimeOf } from './wall-time';
