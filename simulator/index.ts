// Dev-only fake Mintlify admin API for end-to-end tests and the demo. Not part of the action bundle.
//
//   const sim = await startSimulator()
//   sim.scriptNextJob({ outcome: 'no-changes', afterPolls: 1 })
//   sim.injectFault({ route: 'get', skip: 1, status: 503 })
//   ... point the action at sim.url with sim.apiKey and sim.projectId ...
//   await sim.close()
export { startSimulator, DEFAULT_API_KEY, DEFAULT_PROJECT_ID, DEFAULT_REPOSITORY } from './server.js'
export { apiError } from './mintlify.js'
export type {
  Fault,
  FaultRoute,
  Handler,
  JobOutcome,
  JobScript,
  RecordedRequest,
  RouteRequest,
  RouteResponse,
  SimJob,
  Simulator,
  SimulatorOptions
} from './types.js'
