/// What planning one requirement needs to know about the protocol around it.
struct PlanContext {
    /// The protocol that declares the requirement, for messages.
    let owner: String
    let associatedTypes: Set<String>
    /// The protocol's typealiases, by name, with the type each stands for.
    let aliases: [String: String]
    let graph: MergedGraph
}
