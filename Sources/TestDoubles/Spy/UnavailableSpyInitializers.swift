extension MethodSpy {
    /// A spy whose method returns a value cannot be created with only a name: it needs to know
    /// what an unconfigured call returns.
    ///
    /// - Parameters:
    ///   - method: The method's name.
    ///   - member: Where the spy is declared.
    @available(
        *, unavailable,
        message:
            "a spy whose method returns a value needs an answer for unconfigured calls: write (defaultAnswer: value) to answer them silently, or (strictFallback: value) to fail the test and return it; a ThrowingSpy needs neither"
    )
    public convenience init?(_ method: String? = nil, declaredIn member: String = #function) {
        return nil
    }
}
