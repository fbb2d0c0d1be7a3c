/** Input a maintenance or report call refuses; nothing was changed. The message is for the operator. */
export class MaintenanceInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MaintenanceInputError';
  }
}
