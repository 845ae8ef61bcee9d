import TestSupportCore

extension MethodSpy {
    /// Creates a spy that answers every call the test has not configured with a default answer,
    /// silently, even after a reset.
    ///
    /// ```swift
    /// let cachedBooksSpy = Spy<Void, [Book]>(defaultAnswer: [])
    /// ```
    ///
    /// - Parameters:
    ///   - method: The method's name for failure messages; by default the name of the stub
    ///     method that first calls the spy.
    ///   - defaultAnswer: What a call returns until the test configures another answer.
    ///   - member: Where the spy is declared; leave the default.
    public convenience init(_ method: String? = nil, defaultAnswer: Output, declaredIn member: String = #function) {
        self.init(method: method, declaredIn: member, fallback: .value(defaultAnswer), initialAnswer: .result(.success(defaultAnswer)))
    }

    /// Creates a strict spy, whose unconfigured calls fail the test and then return the fallback.
    ///
    /// ```swift
    /// let recentlyAddedSpy = Spy<Int, [Book]>(strictFallback: [])
    /// ```
    ///
    /// - Parameters:
    ///   - method: The method's name for failure messages; by default the name of the stub
    ///     method that first calls the spy.
    ///   - strictFallback: What an unconfigured call returns once the failure is reported.
    ///   - member: Where the spy is declared; leave the default.
    public convenience init(_ method: String? = nil, strictFallback: Output, declaredIn member: String = #function) {
        self.init(method: method, declaredIn: member, fallback: .value(strictFallback), initialAnswer: .unconfigured)
    }

    /// Creates a strict spy for a typed-throws method, whose unconfigured calls fail the test and
    /// then throw the fallback error.
    ///
    /// - Parameters:
    ///   - method: The method's name for failure messages; by default the name of the stub
    ///     method that first calls the spy.
    ///   - strictFallbackError: What an unconfigured call throws once the failure is reported.
    ///   - member: Where the spy is declared; leave the default.
    public convenience init(_ method: String? = nil, strictFallbackError: Failure, declaredIn member: String = #function) {
        self.init(method: method, declaredIn: member, fallback: .error(strictFallbackError), initialAnswer: .unconfigured)
    }

    /// A spy for a method the test expects never to be called: every call reports a failure naming
    /// the method, then returns the fallback.
    ///
    /// The failure reads "Unimplemented: …".
    ///
    /// Configuring an answer turns it into an ordinary spy; ``reset()`` makes it unimplemented
    /// again.
    ///
    /// ```swift
    /// let cachedBooksSpy: Spy<Void, [Book]> = .unimplemented(
    ///     "cachedBooks()", fallback: [])
    /// ```
    ///
    /// - Parameters:
    ///   - method: The method's name for failure messages; by default the name of the stub
    ///     method that first calls the spy.
    ///   - fallback: What a call returns once the failure is reported.
    ///   - member: Where the spy is declared; leave the default.
    /// - Returns: A new spy.
    public static func unimplemented(_ method: String? = nil, fallback: Output, declaredIn member: String = #function) -> MethodSpy {
        MethodSpy(method: method, declaredIn: member, fallback: .value(fallback), initialAnswer: .unimplemented)
    }

    /// A spy for a method with typed throws that the test expects never to be called: every call
    /// reports a failure, then throws.
    ///
    /// The failure reads "Unimplemented: …".
    ///
    /// - Parameters:
    ///   - method: The method's name for failure messages; by default the name of the stub
    ///     method that first calls the spy.
    ///   - fallbackError: What a call throws once the failure is reported.
    ///   - member: Where the spy is declared; leave the default.
    /// - Returns: A new spy.
    public static func unimplemented(_ method: String? = nil, fallbackError: Failure, declaredIn member: String = #function) -> MethodSpy {
        MethodSpy(method: method, declaredIn: member, fallback: .error(fallbackError), initialAnswer: .unimplemented)
    }
}

extension MethodSpy where Output == Void {
    /// Creates a spy for a method that returns nothing: it records each call and returns, with
    /// nothing to configure.
    ///
    /// Use `unimplemented()` for a method that must not be called.
    ///
    /// ```swift
    /// let removeSpy = Spy<Book.ID, Void>()
    /// ```
    ///
    /// - Parameters:
    ///   - method: The method's name for failure messages; by default the name of the stub
    ///     method that first calls the spy.
    ///   - member: Where the spy is declared; leave the default.
    public convenience init(_ method: String? = nil, declaredIn member: String = #function) {
        self.init(method: method, declaredIn: member, fallback: .value(()), initialAnswer: .result(.success(())))
    }

    /// A spy for a method returning nothing that the test expects never to be called.
    ///
    /// - Parameters:
    ///   - method: The method's name for failure messages; by default the name of the stub
    ///     method that first calls the spy.
    ///   - member: Where the spy is declared; leave the default.
    /// - Returns: A new spy.
    public static func unimplemented(_ method: String? = nil, declaredIn member: String = #function) -> MethodSpy {
        MethodSpy(method: method, declaredIn: member, fallback: .value(()), initialAnswer: .unimplemented)
    }
}

extension MethodSpy where Failure == any Error {
    /// Creates a strict throwing spy: an unconfigured call reports a failure naming the method and
    /// throws.
    ///
    /// It throws ``SpyError/noAnswer(method:)``.
    ///
    /// ```swift
    /// let fetchPageSpy = ThrowingSpy<Int, CatalogPage>()
    /// ```
    ///
    /// - Parameters:
    ///   - method: The method's name for failure messages; by default the name of the stub
    ///     method that first calls the spy.
    ///   - member: Where the spy is declared; leave the default.
    public convenience init(_ method: String? = nil, declaredIn member: String = #function) {
        self.init(method: method, declaredIn: member, fallback: .spyError { $0 }, initialAnswer: .unconfigured)
    }

    /// A throwing spy the test expects never to be called: every call reports a failure naming the
    /// method, then throws.
    ///
    /// The failure reads "Unimplemented: …"; the error is ``SpyError/unimplemented(method:)``.
    ///
    /// - Parameters:
    ///   - method: The method's name for failure messages; by default the name of the stub
    ///     method that first calls the spy.
    ///   - member: Where the spy is declared; leave the default.
    /// - Returns: A new spy.
    public static func unimplemented(_ method: String? = nil, declaredIn member: String = #function) -> MethodSpy {
        MethodSpy(method: method, declaredIn: member, fallback: .spyError { $0 }, initialAnswer: .unimplemented)
    }
}

extension MethodSpy where Output == Void, Failure == any Error {
    /// Creates a throwing spy for a method that returns nothing: it records each call and returns
    /// until the test configures an error.
    ///
    /// Configure the error with ``throws(_:)``; use `unimplemented()` for a method that must not be
    /// called.
    ///
    /// ```swift
    /// let saveSpy = ThrowingSpy<Book, Void>()
    /// ```
    ///
    /// - Parameters:
    ///   - method: The method's name for failure messages; by default the name of the stub
    ///     method that first calls the spy.
    ///   - member: Where the spy is declared; leave the default.
    public convenience init(_ method: String? = nil, declaredIn member: String = #function) {
        self.init(method: method, declaredIn: member, fallback: .spyError { $0 }, initialAnswer: .result(.success(())))
    }

    /// A throwing spy for a method returning nothing that the test expects never to be called.
    ///
    /// The failure reads "Unimplemented: …"; the error is ``SpyError/unimplemented(method:)``.
    ///
    /// - Parameters:
    ///   - method: The method's name for failure messages; by default the name of the stub
    ///     method that first calls the spy.
    ///   - member: Where the spy is declared; leave the default.
    /// - Returns: A new spy.
    public static func unimplemented(_ method: String? = nil, declaredIn member: String = #function) -> MethodSpy {
        MethodSpy(method: method, declaredIn: member, fallback: .spyError { $0 }, initialAnswer: .unimplemented)
    }
}
